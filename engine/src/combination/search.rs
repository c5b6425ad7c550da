//! The atari-atari search itself, its defence points and the safety
//! check of a move (see the module above for what each answers).

use goban::{Color, Vertex};
use tactics::Code;

use super::moves::attacker_moves;
use super::{Combination, CombinationInputs, MoveOrder, StoneSafety};
use crate::owl::OwlHost;

/// One search: the host, the inputs, the sides and the root targets.
struct Search<'h, 'i> {
    host: &'h mut dyn OwlHost,
    inputs: CombinationInputs<'i>,
    attacker: Color,
    targets: &'i [Vertex],
    nodes: u64,
    /// Attacker moves allowed in this pass (iterative deepening up to
    /// `max_depth`).
    depth_limit: usize,
    /// The moves of the line being read, both colours.
    played: Vec<Vertex>,
}

/// The line that refutes a defence, or wins outright.
type Line = Vec<(Color, Vertex)>;

impl<'h, 'i> Search<'h, 'i> {
    fn new(
        host: &'h mut dyn OwlHost,
        inputs: CombinationInputs<'i>,
        attacker: Color,
        targets: &'i [Vertex],
    ) -> Search<'h, 'i> {
        Search {
            host,
            inputs,
            attacker,
            targets,
            nodes: 0,
            depth_limit: inputs.params.max_depth,
            played: Vec::new(),
        }
    }

    /// The targets the attacker's `m` threatens (capturable after it).
    fn threatened_after(&mut self, m: Vertex) -> Vec<Vertex> {
        if self.host.reader().trymove(self.attacker, m).is_err() {
            return Vec::new();
        }
        let threatened = self.threatened_by(m);
        self.host.reader().popgo();
        threatened
    }

    fn defender(&self) -> Color {
        self.attacker.other()
    }

    /// Whether a result code counts as success.
    fn succeeds(&self, code: Code) -> bool {
        code == Code::Win || (self.inputs.params.ko_counts && code != Code::Fail)
    }

    /// The root targets still on the board, one vertex per string.
    fn live_targets(&mut self) -> Vec<Vertex> {
        let defender = self.defender();
        let board = self.host.reader().board().board();
        let mut heads: Vec<Vertex> = Vec::new();
        let mut live = Vec::new();
        for &t in self.targets {
            if board.cell(t).color() != Some(defender) {
                continue;
            }
            let head = board.head(t);
            if !heads.contains(&head) {
                heads.push(head);
                live.push(t);
            }
        }
        live
    }

    /// Whether a root target left the board.
    fn target_captured(&mut self) -> bool {
        let defender = self.defender();
        let board = self.host.reader().board().board();
        self.targets
            .iter()
            .any(|&t| board.cell(t).color() != Some(defender))
    }

    /// The live targets the attacker (to move) can now capture.
    fn capturable_targets(&mut self) -> Vec<Vertex> {
        self.capturable_near(&[], None)
    }

    /// The live targets the attacker (to move) can now capture among
    /// those with a stone within `reach` (rows plus columns) of one of
    /// `moves` (all of them when `reach` is `None`).
    fn capturable_near(&mut self, moves: &[Vertex], reach: Option<usize>) -> Vec<Vertex> {
        let limit = self.inputs.params.readable_liberties;
        let mut found = Vec::new();
        for t in self.live_targets() {
            let board = self.host.reader().board().board();
            if board.liberties(t) > limit {
                continue;
            }
            if let Some(reach) = reach {
                let geometry = board.geometry();
                let near = board.string_stones(t).into_iter().any(|s| {
                    let a = geometry.point(s);
                    moves.iter().any(|&m| {
                        let b = geometry.point(m);
                        usize::from(a.i.abs_diff(b.i)) + usize::from(a.j.abs_diff(b.j)) <= reach
                    })
                });
                if !near {
                    continue;
                }
            }
            let code = self.host.reader().attack(t).code;
            if self.succeeds(code) {
                found.push(t);
            }
        }
        found
    }

    /// A combination for the attacker (to move) at `depth`: the line.
    fn attack(&mut self, depth: usize) -> Option<Line> {
        if depth >= self.depth_limit {
            return None;
        }
        let targets = self.live_targets();
        let mut moves = attacker_moves(&mut *self.host, &self.inputs, self.attacker, &targets);
        if let Some(reach) = self.inputs.params.locality.filter(|_| depth > 0) {
            let geometry = self.host.reader().board().board().geometry();
            let near = |m: Vertex, p: Vertex| {
                let (a, b) = (geometry.point(m), geometry.point(p));
                usize::from(a.i.abs_diff(b.i)) + usize::from(a.j.abs_diff(b.j)) <= reach
            };
            moves.retain(|&m| self.played.iter().any(|&p| near(m, p)));
        }
        if self.inputs.params.order == MoveOrder::SmallestTarget {
            moves = self.by_smallest_target(moves);
        }
        for m in moves {
            if self.nodes >= self.inputs.params.node_limit {
                return None;
            }
            self.nodes += 1;
            if let Some(line) = self.try_attacker_move(m, depth) {
                return Some(line);
            }
        }
        None
    }

    /// The targets the attacker's `m` (just played) threatens: those now
    /// capturable, near `m` when `threat_reach` says so.
    fn threatened_by(&mut self, m: Vertex) -> Vec<Vertex> {
        let mut threatened = self.capturable_near(&[m], self.inputs.params.threat_reach);
        self.keep_in_goal(&mut threatened);
        threatened
    }

    /// Keeps the strings of `found` near the moves of the line before the
    /// last one (`goal_reach`; all of them on the first move).
    fn keep_in_goal(&mut self, found: &mut Vec<Vertex>) {
        let (Some(reach), Some((_, before))) =
            (self.inputs.params.goal_reach, self.played.split_last())
        else {
            return;
        };
        if before.is_empty() {
            return;
        }
        let board = self.host.reader().board().board();
        let geometry = board.geometry();
        found.retain(|&t| {
            board.string_stones(t).into_iter().any(|s| {
                let a = geometry.point(s);
                before.iter().any(|&m| {
                    let b = geometry.point(m);
                    usize::from(a.i.abs_diff(b.i)) + usize::from(a.j.abs_diff(b.j)) <= reach
                })
            })
        });
    }

    /// The value of the root target at `t` (0 when unknown).
    fn value_of(&self, t: Vertex) -> f32 {
        self.targets
            .iter()
            .position(|&x| x == t)
            .and_then(|i| self.inputs.values.get(i).copied())
            .unwrap_or(0.0)
    }

    /// The defender strings next to `m` left in atari (one vertex each).
    fn put_in_atari(&mut self, m: Vertex) -> Vec<Vertex> {
        let defender = self.defender();
        let board = self.host.reader().board().board();
        let mut forced: Vec<Vertex> = Vec::new();
        for n in board.neighbours(m) {
            if board.cell(n).color() == Some(defender)
                && board.liberties(n) == 1
                && !forced.iter().any(|&f| board.head(f) == board.head(n))
            {
                forced.push(n);
            }
        }
        forced
    }

    /// `moves` that threaten a target or put a defender string in atari,
    /// ordered by the smallest value of the targets they threaten (board
    /// order on ties; a move that only puts strings in atari comes last).
    fn by_smallest_target(&mut self, moves: Vec<Vertex>) -> Vec<Vertex> {
        let mut keyed: Vec<(f32, Vertex)> = Vec::new();
        for m in moves {
            if self.host.reader().trymove(self.attacker, m).is_err() {
                continue;
            }
            let mut key = None;
            self.played.push(m);
            if self.stone_safe(m) {
                let threatened = self.threatened_by(m);
                key = threatened
                    .iter()
                    .map(|&t| self.value_of(t))
                    .min_by(f32::total_cmp);
                let mut forced = self.put_in_atari(m);
                self.keep_in_goal(&mut forced);
                if key.is_none() && !forced.is_empty() {
                    key = Some(f32::MAX);
                }
            }
            self.played.pop();
            self.host.reader().popgo();
            if let Some(k) = key {
                keyed.push((k, m));
            }
        }
        keyed.sort_by(|a, b| a.0.total_cmp(&b.0));
        keyed.into_iter().map(|(_, m)| m).collect()
    }

    /// The line after the attacker plays `m`, if it wins.
    fn try_attacker_move(&mut self, m: Vertex, depth: usize) -> Option<Line> {
        if self.host.reader().trymove(self.attacker, m).is_err() {
            return None;
        }
        self.played.push(m);
        let answered = self.answer_to(m, depth);
        self.played.pop();
        self.host.reader().popgo();
        answered.map(|(_, mut rest)| {
            rest.insert(0, (self.attacker, m));
            rest
        })
    }

    /// The threatened targets and the refuting line after the attacker's
    /// `m`, when every defender answer fails.
    fn answer_to(&mut self, m: Vertex, depth: usize) -> Option<(Vec<Vertex>, Line)> {
        let defender = self.defender();
        if !self.stone_safe(m) {
            return None;
        }
        if self.target_captured() {
            return match self.retake(m, depth) {
                Some(retaken) => retaken.map(|line| (Vec::new(), line)),
                None => Some((Vec::new(), Vec::new())),
            };
        }
        let threatened = self.threatened_by(m);
        let mut forced = self.put_in_atari(m);
        self.keep_in_goal(&mut forced);
        if threatened.is_empty() && forced.is_empty() {
            return None;
        }
        let mut replies: Vec<Vertex> = Vec::new();
        for &s in threatened.iter().chain(&forced) {
            let defences = if self.inputs.params.every_defence {
                self.host.reader().defense_moves(s).1
            } else {
                self.host
                    .reader()
                    .find_defense(s)
                    .point
                    .into_iter()
                    .collect()
            };
            for d in defences {
                if !replies.contains(&d) {
                    replies.push(d);
                }
            }
        }
        if self.inputs.params.stone_safety == StoneSafety::NotSelfAtari {
            // The defender may answer by capturing the stone just played.
            let capture = self.host.reader().attack(m);
            if let Some(p) = capture.point.filter(|_| self.succeeds(capture.code)) {
                if !replies.contains(&p) {
                    replies.insert(0, p);
                }
            }
        }
        replies.truncate(self.inputs.params.defence_replies);
        let mut refutation: Option<Line> = None;
        let mut answered = false;
        for d in replies {
            if self.host.reader().trymove(defender, d).is_err() {
                continue;
            }
            answered = true;
            self.played.push(d);
            let refuted = self.refute(depth);
            self.played.pop();
            self.host.reader().popgo();
            match refuted {
                None => return None,
                Some(line) => {
                    if refutation.is_none() {
                        let mut full = vec![(defender, d)];
                        full.extend(line);
                        refutation = Some(full);
                    }
                }
            }
        }
        if !answered && threatened.is_empty() {
            return None;
        }
        Some((threatened, refutation.unwrap_or_default()))
    }

    /// With `retake_answers`, after the attacker's `m` took a target: the
    /// defender's capture of `m`'s string, when the reader finds one, and
    /// the attacker's refutation of it (`Some(None)`: the retake holds).
    /// `None` when the capture stands (no retake, or not asked).
    fn retake(&mut self, m: Vertex, depth: usize) -> Option<Option<Line>> {
        if !self.inputs.params.retake_answers {
            return None;
        }
        let capture = self.host.reader().attack(m);
        let point = capture.point.filter(|_| self.succeeds(capture.code))?;
        let defender = self.defender();
        if self.host.reader().trymove(defender, point).is_err() {
            return None;
        }
        self.played.push(point);
        let refuted = self.refute(depth);
        self.played.pop();
        self.host.reader().popgo();
        Some(refuted.map(|line| {
            let mut full = vec![(defender, point)];
            full.extend(line);
            full
        }))
    }

    /// Whether the attacker's stone just played at `m` counts as a move
    /// ([`StoneSafety`]).
    fn stone_safe(&mut self, m: Vertex) -> bool {
        match self.inputs.params.stone_safety {
            StoneSafety::NotCapturable => {
                let code = self.host.reader().attack(m).code;
                !self.succeeds(code)
            }
            StoneSafety::NotSelfAtari => {
                let board = self.host.reader().board().board();
                board.liberties(m) >= 2
            }
            StoneSafety::Legal => true,
        }
    }

    /// The targets capturable at the end of `line` (played up to its
    /// last defender answer, then taken back).
    fn capturable_at_end(&mut self, line: &Line) -> Vec<Vertex> {
        let upto = match line.last() {
            Some(&(c, _)) if line.len() >= 2 && c == self.attacker => line.len() - 1,
            _ => line.len(),
        };
        let mut played = 0;
        for &(c, v) in &line[..upto] {
            if self.host.reader().trymove(c, v).is_err() {
                break;
            }
            played += 1;
        }
        let moves: Vec<Vertex> = line.iter().map(|&(_, v)| v).collect();
        let found = self.capturable_near(&moves, self.inputs.params.goal_reach);
        for _ in 0..played {
            self.host.reader().popgo();
        }
        found
    }

    /// The shortest combination within the limits: passes of growing
    /// depth (a longer line that only prefixes irrelevant forcing moves
    /// to a shorter one is never the answer).
    fn deepening(&mut self) -> Option<Line> {
        for limit in 1..=self.inputs.params.max_depth {
            self.depth_limit = limit;
            if let Some(line) = self.attack(0) {
                return Some(self.shortened(line));
            }
            if self.nodes >= self.inputs.params.node_limit {
                break;
            }
        }
        None
    }

    /// `line` without its irrelevant first moves: the first later
    /// attacker move of the line that wins on its own from the root (with
    /// the same depth) starts the line instead.
    fn shortened(&mut self, mut line: Line) -> Line {
        loop {
            let later: Vec<Vertex> = line
                .iter()
                .skip(1)
                .filter(|&&(c, _)| c == self.attacker)
                .map(|&(_, v)| v)
                .collect();
            let mut shorter = None;
            for v in later {
                if let Some(found) = self.try_attacker_move(v, 0) {
                    shorter = Some(found);
                    break;
                }
            }
            match shorter {
                Some(found) if found.len() < line.len() => line = found,
                _ => return line,
            }
        }
    }

    /// After a defender answer (the attacker to move): a line that still
    /// wins, if any.
    fn refute(&mut self, depth: usize) -> Option<Line> {
        if self.target_captured() {
            return Some(Vec::new());
        }
        let played = self.played.clone();
        for t in self.capturable_near(&played, self.inputs.params.goal_reach) {
            if let Some(p) = self.host.reader().attack(t).point {
                return Some(vec![(self.attacker, p)]);
            }
        }
        self.attack(depth + 1)
    }
}

/// GNU Go's `atari_atari`: a combination of `attacker` against `targets`
/// (the defender's tactically safe strings, one vertex each) on the
/// host's board, or `None`. The host's board is left as found.
pub fn atari_atari(
    host: &mut dyn OwlHost,
    inputs: CombinationInputs<'_>,
    attacker: Color,
    targets: &[Vertex],
) -> Option<Combination> {
    host.search_started();
    let mut search = Search::new(host, inputs, attacker, targets);
    let line = search.deepening();
    let nodes = search.nodes;
    let found = line.and_then(|line| {
        let attack = line.first()?.1;
        let threatened = search.threatened_after(attack);
        let mut captured = search.capturable_at_end(&line);
        if captured.is_empty() {
            captured = threatened.clone();
        }
        Some(Combination {
            attack,
            line,
            threatened,
            captured,
            nodes,
        })
    });
    search.host.search_ended();
    found
}

/// The defender's moves after which `attacker` has no combination against
/// `targets` any more, in board order: tried on the points of `found`'s
/// line (GNU Go's traces list defence points among its lines' moves).
pub fn defence_points(
    host: &mut dyn OwlHost,
    inputs: CombinationInputs<'_>,
    attacker: Color,
    targets: &[Vertex],
    found: &Combination,
) -> Vec<Vertex> {
    let defender = attacker.other();
    let board = host.reader().board().board().clone();
    let mut tried: Vec<Vertex> = found.line.iter().map(|&(_, v)| v).collect();
    tried.retain(|&v| board.cell(v).color().is_none());
    tried.sort_by_key(|v| v.index());
    tried.dedup();
    host.search_started();
    let mut points = Vec::new();
    for v in tried {
        if host.reader().trymove(defender, v).is_err() {
            continue;
        }
        let mut search = Search::new(&mut *host, inputs, attacker, targets);
        let holds = search.capturable_targets().is_empty()
            && !search.target_captured()
            && search.deepening().is_none();
        host.reader().popgo();
        if holds {
            points.push(v);
        }
    }
    host.search_ended();
    points
}

/// Whether `mover`'s move at `v` is safe from combinations: after it, the
/// opponent has no combination against `mover`'s strings that `targets`
/// lists (the strings safe before the move), or `v` is illegal. `Some`
/// with the opponent's combination when it is not safe.
pub fn confirm_safety(
    host: &mut dyn OwlHost,
    inputs: CombinationInputs<'_>,
    mover: Color,
    v: Vertex,
    targets: &[Vertex],
) -> Option<Combination> {
    if host.reader().trymove(mover, v).is_err() {
        return None;
    }
    let found = atari_atari(&mut *host, inputs, mover.other(), targets);
    host.reader().popgo();
    found
}
