//! What the owl search knows at one node: the goal's strings under
//! attack, its *lunches* (attacker strings next to the goal that reading
//! can capture), the eye spaces of the defender with the lunches counted
//! as dead stones inside them, the eye value of each space next to the
//! goal (through `eyes.db`'s graphs, with the topological half and false
//! eyes) and their sum, and the escape route.

use goban::{Board, Color, Point, Vertex};
use matcher::eyes::EyePattern;
use tactics::reader::{Reader, ReadingResult};
use tactics::unconditional::UnconditionalStatus;
use tactics::{Code, Worm};

use super::OwlParams;
use super::escape::EscapeValues;
use super::goal::Goal;
use crate::eyes::topology::{EyeTopology, HalfEye, TopologyParams, judge_eye_points};
use crate::eyes::{EyeSpaces, EyeValue, Recognised, UnmatchedSpaceParams, recognise};

/// A string read at this node: its head and what reading says of it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ReadString {
    /// The string's head.
    pub head: Vertex,
    /// Its attack.
    pub attack: ReadingResult,
    /// Its defence (read only when it can be attacked).
    pub defense: ReadingResult,
    /// Its liberties at the node.
    pub liberties: usize,
}

/// The life estimate of the goal at one node.
#[derive(Debug, Clone)]
pub struct NodeEstimate {
    /// The defender's colour.
    pub color: Color,
    /// The eye spaces of both colours (lunches counted dead).
    pub spaces: EyeSpaces,
    /// The recognition of each space of the defender next to the goal,
    /// by space index (`None` for the other spaces).
    pub values: Vec<Option<Recognised>>,
    /// The defender's judged eye points.
    pub judged: Vec<(Point, HalfEye)>,
    /// The sum of the goal's eye values.
    pub total: EyeValue,
    /// The same sum counting a space with marginal points as no sure eye
    /// (GNU Go's `compute_eyes_pessimistic`: certain only of closed eye
    /// spaces).
    pub pessimistic: EyeValue,
    /// The spaces' pessimistic min eyes added one by one.
    pub pessimistic_sum: u8,
    /// The lunches.
    pub lunches: Vec<ReadString>,
    /// The goal strings reading can attack.
    pub weak_goal_strings: Vec<ReadString>,
    /// The goal's escape route.
    pub escape: u32,
}

impl NodeEstimate {
    /// The estimate on the reader's current board.
    pub fn new(
        reader: &mut Reader,
        goal: &Goal,
        graphs: &[EyePattern],
        escape: &EscapeValues,
        params: &OwlParams,
    ) -> NodeEstimate {
        let board = reader.board().board().clone();
        let color = goal.color();
        let attacker = color.other();
        let goal_strings = goal.strings(&board);
        let mut neighbours = Vec::new();
        for &head in &goal_strings {
            board.extend_string_neighbours(head, attacker, &mut neighbours);
        }
        let read = |reader: &mut Reader, head: Vertex| {
            let attack = reader.attack(head);
            let defense = if attack.code == Code::Fail {
                ReadingResult::default()
            } else {
                reader.find_defense(head)
            };
            ReadString {
                head,
                attack,
                defense,
                liberties: reader.board().board().liberties(head),
            }
        };
        let lunches: Vec<ReadString> = neighbours
            .iter()
            .map(|&head| read(reader, head))
            .filter(|s| s.attack.code != Code::Fail)
            .collect();
        let weak_goal_strings: Vec<ReadString> = goal_strings
            .iter()
            .filter(|&&head| board.liberties(head) <= params.goal_string_liberties)
            .map(|&head| read(reader, head))
            .filter(|s| s.attack.code != Code::Fail)
            .collect();
        let inner: Vec<ReadString> = inner_strings(&board, goal, &neighbours, params)
            .into_iter()
            .map(|head| read(reader, head))
            .collect();
        let worms = node_worms(
            &board,
            lunches.iter().chain(&weak_goal_strings).chain(&inner),
        );
        let spaces = EyeSpaces::new(&board, &worms);
        let judged_all = judge_eye_points(reader, &worms, &spaces, TopologyParams::default());
        let judged: Vec<(Point, HalfEye)> = judged_all
            .into_iter()
            .filter(|(c, _, _)| *c == color)
            .map(|(_, p, e)| (p, e))
            .collect();
        let geometry = board.geometry();
        let rows = geometry.height();
        let next_to_goal = |p: Point| {
            geometry
                .vertex(p)
                .is_some_and(|v| board.neighbours(v).any(|n| goal.contains(n)))
        };
        let mut total = EyeValue::new([0, 0, 0, 0]);
        let mut pessimistic = EyeValue::new([0, 0, 0, 0]);
        let mut pessimistic_sum = 0u8;
        let values: Vec<Option<Recognised>> = spaces
            .spaces
            .iter()
            .map(|space| {
                let owned = space.color == color && space.points.iter().any(|&p| next_to_goal(p));
                owned.then(|| {
                    let recognised = recognise(
                        graphs,
                        space,
                        rows,
                        &judged,
                        UnmatchedSpaceParams::default(),
                    );
                    total = total + recognised.value;
                    let v = recognised.value;
                    let space_pessimistic = if space.marginal_count() == 0 {
                        v
                    } else {
                        pessimistic_value(v, params.marginal_eyes_lost)
                    };
                    pessimistic = pessimistic + space_pessimistic;
                    pessimistic_sum = pessimistic_sum.saturating_add(space_pessimistic.min_eyes());
                    recognised
                })
            })
            .collect();
        let escape = escape.route(&board, goal);
        NodeEstimate {
            color,
            spaces,
            values,
            judged,
            total,
            pessimistic,
            pessimistic_sum,
            lunches,
            weak_goal_strings,
            escape,
        }
    }

    /// Whether the goal surely lives even if the attacker moves first:
    /// two eyes from closed spaces (or, with
    /// [`OwlParams::likely_alive_eyes`], one and many likely), or escaped.
    pub fn alive(&self, params: &OwlParams) -> bool {
        let sure = if params.alive_by_space_sum {
            self.pessimistic_sum
        } else {
            self.pessimistic.min_eyes()
        };
        alive_by_eyes(params, sure, self.total.max_eyes()) || self.escape >= params.escaped_from
    }

    /// Whether the goal cannot make two eyes even moving first, and has
    /// no escape.
    pub fn dead(&self, params: &OwlParams) -> bool {
        self.total.max_eyes() < 2 && self.escape < params.escaped_from
    }

    /// The recognition of the defender's space holding `p`, if it is next
    /// to the goal.
    pub fn value_at(&self, p: Point) -> Option<&Recognised> {
        let k = self.spaces.index_at(self.color, p)?;
        self.values[k].as_ref()
    }

    /// Half eyes of the goal's spaces (points and their judgement).
    pub fn half_eyes(&self) -> impl Iterator<Item = &(Point, HalfEye)> {
        self.judged
            .iter()
            .filter(|(p, e)| e.topology == EyeTopology::Half && self.value_at(*p).is_some())
    }

    /// Whether the string with head `head` is a lunch.
    pub fn is_lunch(&self, board: &Board, v: Vertex) -> bool {
        let head = board.head(v);
        self.lunches.iter().any(|l| l.head == head)
    }
}

/// The eye rule of [`NodeEstimate::alive`] on its figures: the goal's
/// sure eyes and its max eyes (the defender moving first).
fn alive_by_eyes(params: &OwlParams, sure_eyes: u8, max_eyes: u8) -> bool {
    sure_eyes >= 2
        || (sure_eyes >= 1
            && params
                .likely_alive_eyes
                .is_some_and(|likely| max_eyes >= likely))
}

/// The pessimistic value of a space with marginal points worth `v`: it
/// loses `lost` of its sure eyes (`None`: all of them).
fn pessimistic_value(v: EyeValue, lost: Option<u8>) -> EyeValue {
    match lost {
        None => EyeValue::new([0, 0, v.c, v.d]),
        Some(n) => EyeValue::new([v.a.saturating_sub(n), v.b.saturating_sub(n), v.c, v.d]),
    }
}

/// The attacker's strings inside the goal's eye space: not next to the
/// goal (those are read as lunches) but with a liberty next to it, of at
/// most [`OwlParams::inner_string_liberties`] liberties. Read, they count
/// as dead stones of the space when reading captures them (a stone thrown
/// into an eye is part of the eye, not a wall: GNU Go's eye data holds
/// such stones as dead in the space, e.g. ld12's A18 after white plays
/// there, `eval_eye B18` 1 2); unread, they would cut the space.
fn inner_strings(
    board: &Board,
    goal: &Goal,
    lunches: &[Vertex],
    params: &OwlParams,
) -> Vec<Vertex> {
    if params.inner_string_liberties == 0 {
        return Vec::new();
    }
    let attacker = goal.color().other();
    let mut heads: Vec<Vertex> = Vec::new();
    for v in goal.stones() {
        for liberty in board.neighbours(v) {
            if board.cell(liberty).color().is_some() {
                continue;
            }
            for head in board.neighbour_strings(liberty, attacker) {
                let head = board.head(head);
                let known = lunches.iter().any(|&l| board.head(l) == head);
                if !known
                    && !heads.contains(&head)
                    && board.liberties(head) <= params.inner_string_liberties
                {
                    heads.push(head);
                }
            }
        }
    }
    heads
}

/// A worm for every string of `board`, with the reading of the strings
/// in `read` and "cannot be captured" for the others: what the eye
/// spaces and the topology need of worms inside the search, where only
/// the strings around the goal are read.
fn node_worms<'a>(board: &Board, read: impl Iterator<Item = &'a ReadString>) -> Vec<Worm> {
    let read: Vec<&ReadString> = read.collect();
    let geometry = board.geometry();
    let mut seen = vec![false; geometry.vertices()];
    let mut worms = Vec::new();
    for v in geometry.board_vertices() {
        let Some(color) = board.cell(v).color() else {
            continue;
        };
        if seen[v.index()] {
            continue;
        }
        let stones: Vec<Vertex> = board.string_stones(v).collect();
        for s in &stones {
            seen[s.index()] = true;
        }
        let head = board.head(v);
        let reading = read.iter().find(|r| r.head == head);
        worms.push(Worm {
            origin: v,
            color,
            stones,
            liberties: board.liberties(v),
            liberties2: 0,
            liberties3: 0,
            liberties4: 0,
            effective_size: 0.0,
            attack: reading.map_or_else(ReadingResult::default, |r| r.attack),
            defense: reading.map_or_else(ReadingResult::default, |r| r.defense),
            lunch: None,
            cutstone: 0,
            cutstone2: 0,
            genus: 0,
            inessential: false,
            invincible: false,
            unconditional_status: UnconditionalStatus::Undecided,
        });
    }
    worms
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_sure_eye_and_many_likely_live_only_when_asked() {
        let off = OwlParams {
            likely_alive_eyes: None,
            ..OwlParams::default()
        };
        let on = OwlParams {
            likely_alive_eyes: Some(4),
            ..OwlParams::default()
        };
        // GNU Go's traces: "ALIVE (1 secure eye, likely >= 4)".
        assert!(alive_by_eyes(&on, 1, 4));
        assert!(!alive_by_eyes(&off, 1, 4));
        assert!(!alive_by_eyes(&on, 1, 3));
        assert!(!alive_by_eyes(&on, 0, 5));
        assert!(alive_by_eyes(&off, 2, 2));
    }

    #[test]
    fn a_marginal_space_loses_its_sure_eyes_pessimistically() {
        let v = EyeValue::new([2, 2, 2, 2]);
        // The manual's compute_eyes_pessimistic: no sure eye at all.
        assert_eq!(pessimistic_value(v, None), EyeValue::new([0, 0, 2, 2]));
        // GNU Go's traces mostly print a pessimistic min one below.
        assert_eq!(pessimistic_value(v, Some(1)), EyeValue::new([1, 1, 2, 2]));
        assert_eq!(
            pessimistic_value(EyeValue::new([0, 1, 1, 2]), Some(1)),
            EyeValue::new([0, 0, 1, 2])
        );
    }
}
