//! Pattern move reasons (GNU Go's shapes callback after the constraint,
//! `spec/matching-semantics.md` §5.1–5.2): for every accepted match of a
//! shape database, the dragons and strings its stones name, the `B`/`C`
//! cuts and connections confirmed by connection reading, the reasons of
//! its classes, and its attributes as [`PatternFacts`](crate::reasons::PatternFacts).

use goban::{Point, Vertex};
use matcher::autohelper::Autohelper;
use matcher::constraint::{CodeTable, Phase, Site};
use matcher::layer::Callee;
use matcher::pattern::{AttributeKind, AttributeValue, ElementKind, HAVE_ACTION, Pattern};
use tactics::codes::Code;

use super::tactical::pairs;
use super::{Generation, Question, ordered};
use crate::board::ActionLog;
use crate::compose::Part;
use crate::front::databases::{Databases, RawCandidate};
use crate::reasons::{MoveReasons, Reason};
use crate::shapes::{Judgement, Verdict};

/// Which shape databases a pass reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pass {
    /// Every shape database but the endgame one (patterns, joseki corner,
    /// fuseki and our own), as genmove's shapes step.
    Shapes,
    /// The endgame database alone, run when the best value is small.
    Endgame,
}

impl Pass {
    /// Whether the pass reads the database named `name`.
    fn reads(self, name: &str) -> bool {
        (name == ENDGAME_DB) == (self == Pass::Endgame)
    }
}

/// The name of the endgame database among the shape databases.
const ENDGAME_DB: &str = "endgame";

/// The most dragons, and strings, of each side a match collects.
const MAX_COLLECTED: usize = 5;

/// The classes whose match collects the dragons and strings of its stones.
const COLLECTING_CLASSES: [char; 11] = ['B', 'C', 'c', 'a', 'd', 'O', 'J', 'j', 'U', 'T', 't'];

/// The joseki minimum values (`spec/matching-semantics.md` §5.2), in
/// points on a 19×19 board, scaled by the board size.
#[derive(Debug, Clone, Copy)]
pub struct JosekiValues {
    /// Class `J`: the minimum move value (not scaled).
    pub standard: f32,
    /// Class `j`: the minimum value on 19×19.
    pub urgent: f32,
    /// Class `t` (without `j`): the minimum value on 19×19.
    pub tenuki_ok: f32,
    /// Class `U`: the minimum move value (not scaled).
    pub urgent_unconditional: f32,
    /// Class `U`: its shape value.
    pub urgent_shape: f32,
    /// Class `c`: its shape value.
    pub connection_shape: f32,
    /// `j`/`t` with class `F` on a large board: the value's factor.
    pub fuseki_factor: f32,
    /// `j`/`t` with class `F`: the randomness scale.
    pub fuseki_randomness: f32,
    /// The smallest board where class `F` matters.
    pub fuseki_min_size: usize,
}

/// GNU Go's joseki values.
pub const JOSEKI_VALUES: JosekiValues = JosekiValues {
    standard: 35.0,
    urgent: 24.0,
    tenuki_ok: 16.0,
    urgent_unconditional: 40.0,
    urgent_shape: 15.0,
    connection_shape: 1.0,
    fuseki_factor: 1.005,
    fuseki_randomness: 5.0,
    fuseki_min_size: 17,
};

/// The dragons and strings a match's stones name.
#[derive(Debug, Default)]
struct Collected {
    my_dragons: Vec<Vertex>,
    your_dragons: Vec<Vertex>,
    my_strings: Vec<Vertex>,
    your_strings: Vec<Vertex>,
}

fn push_distinct(list: &mut Vec<Vertex>, v: Vertex) {
    if list.len() < MAX_COLLECTED && !list.contains(&v) {
        list.push(v);
    }
}

/// The board points of the pattern's elements for a match at `anchor`
/// with `transform`, with their kinds (points off the board left out).
fn element_points(
    g: &Generation<'_>,
    pattern: &Pattern,
    raw: &RawCandidate,
) -> Vec<(Vertex, ElementKind)> {
    let Some(anchor) = raw.anchor else {
        return Vec::new();
    };
    let geometry = g.board().geometry();
    pattern
        .elements
        .iter()
        .filter_map(|e| {
            let (di, dj) = raw
                .transform
                .apply(i32::from(e.offset.di), i32::from(e.offset.dj));
            let i = u8::try_from(i32::from(anchor.i) + di).ok()?;
            let j = u8::try_from(i32::from(anchor.j) + dj).ok()?;
            Some((geometry.vertex(Point::new(i, j))?, e.kind))
        })
        .collect()
}

/// Step 2 of the callback: the dragons and strings of the match's stones
/// (an own string that can be attacked counts only when the move defends
/// it).
fn collect(g: &mut Generation<'_>, at: Vertex, stones: &[(Vertex, ElementKind)]) -> Collected {
    let mut found = Collected::default();
    let color = g.color;
    for &(v, kind) in stones {
        let Some(stone) = g.board().cell(v).color() else {
            continue;
        };
        let Some(worm) = g.analysis.worm_at(v) else {
            continue;
        };
        let dragon = g.analysis.dragons().origin(v).unwrap_or(worm.origin);
        if stone == color {
            let safe = worm.attack.code == Code::Fail
                || g.answer(Some(at), Question::Attack(worm.origin)) == Some(Code::Fail);
            if !safe {
                continue;
            }
            push_distinct(&mut found.my_dragons, dragon);
            if kind == ElementKind::Own {
                push_distinct(&mut found.my_strings, worm.origin);
            }
        } else {
            push_distinct(&mut found.your_dragons, dragon);
            if kind == ElementKind::Opponent {
                push_distinct(&mut found.your_strings, worm.origin);
            }
        }
    }
    found
}

/// The reasons and facts of one accepted match at `at`.
fn add_match(
    g: &mut Generation<'_>,
    store: &mut MoveReasons,
    pattern: &Pattern,
    raw: &RawCandidate,
    at: Vertex,
) {
    let class = pattern.class;
    let collects = COLLECTING_CLASSES.iter().any(|&c| class.has(c));
    let found = if collects {
        let stones = element_points(g, pattern, raw);
        collect(g, at, &stones)
    } else {
        Collected::default()
    };
    // B: the pairs of opponent strings that can be connected now but not
    // after the move; C: the pairs of own strings that can be cut apart now
    // but not after it.
    if class.has('B') && found.your_strings.len() >= 2 {
        for (a, b) in pairs(&found.your_strings) {
            let now = g.answer(None, Question::Connect(a, b));
            if now == Some(Code::Fail) {
                continue;
            }
            // Cut: the strings no longer connect unconditionally.
            let after = g.answer(Some(at), Question::Connect(a, b));
            if after.is_some_and(|code| code != Code::Win) {
                store.add(at, Reason::Cut { a, b });
            }
        }
    }
    if class.has('C') && found.my_strings.len() >= 2 {
        for (a, b) in pairs(&found.my_strings) {
            let now = g.answer(None, Question::Disconnect(a, b));
            if now == Some(Code::Fail) {
                continue;
            }
            let after = g.answer(Some(at), Question::Disconnect(a, b));
            if after == Some(Code::Fail) {
                store.add(at, Reason::Connect { a, b });
            }
        }
    }
    let values = JOSEKI_VALUES;
    if class.has('c') {
        for &target in &found.my_dragons {
            store.add(at, Reason::StrategicDefend { target });
        }
        store.entry(at).facts.add_shape(values.connection_shape);
    }
    if class.has('e') {
        store.add(at, Reason::ExpandTerritory);
    }
    if class.has('E') {
        store.add(at, Reason::ExpandMoyo);
    }
    if class.has('I') {
        store.add(at, Reason::Invasion);
    }
    if class.has('a') {
        for &target in &found.your_dragons {
            store.add(at, Reason::StrategicAttack { target });
        }
    }
    if class.has('d') {
        for &target in &found.my_dragons {
            store.add(at, Reason::StrategicDefend { target });
        }
    }
    joseki_classes(g, store, pattern, at, &found);
    attributes(store, pattern, at);
}

/// The joseki classes `J j t U T` (`spec/matching-semantics.md` §5.2).
fn joseki_classes(
    g: &Generation<'_>,
    store: &mut MoveReasons,
    pattern: &Pattern,
    at: Vertex,
    found: &Collected,
) {
    let class = pattern.class;
    let values = JOSEKI_VALUES;
    let size = g.board().geometry().width();
    let scale = size as f32 / 19.0;
    if class.has('J') {
        store.add(at, Reason::ExpandTerritory);
        store.add(at, Reason::ExpandMoyo);
        store.entry(at).facts.add_min_value(values.standard);
    }
    let minimum = if class.has('j') {
        store.add(at, Reason::ExpandTerritory);
        store.add(at, Reason::ExpandMoyo);
        Some(values.urgent * scale)
    } else if class.has('t') {
        Some(values.tenuki_ok * scale)
    } else {
        None
    };
    if let Some(mut minimum) = minimum {
        if let Some(shape) = first_shape(pattern) {
            minimum *= 1.0 + shape / 100.0;
        }
        let facts = &mut store.entry(at).facts;
        if size >= values.fuseki_min_size && class.has('F') {
            minimum *= values.fuseki_factor;
            facts.add_max_value(minimum);
            facts.randomness = values.fuseki_randomness;
        }
        facts.add_min_value(minimum);
    }
    if class.has('U') {
        for &target in &found.my_dragons {
            store.add(at, Reason::StrategicDefend { target });
        }
        for &target in &found.your_dragons {
            store.add(at, Reason::StrategicAttack { target });
        }
        let facts = &mut store.entry(at).facts;
        facts.add_shape(values.urgent_shape);
        facts.add_min_value(values.urgent_unconditional);
    }
    if class.has('T') {
        store.add(at, Reason::Antisuji);
    }
}

/// The value of the pattern's first `shape` attribute.
fn first_shape(pattern: &Pattern) -> Option<f32> {
    pattern
        .attributes
        .as_deref()?
        .iter()
        .find(|a| a.kind == AttributeKind::Shape)
        .and_then(|a| match a.value {
            AttributeValue::Value(v) => Some(v),
            AttributeValue::Offset(_) => None,
        })
}

/// The value attributes, in order (the shape of a `j`/`t` pattern was
/// used by its minimum value already).
fn attributes(store: &mut MoveReasons, pattern: &Pattern, at: Vertex) {
    let Some(list) = pattern.attributes.as_deref() else {
        return;
    };
    let joseki_shape = pattern.class.has('j') || pattern.class.has('t');
    let facts = &mut store.entry(at).facts;
    for attribute in list {
        let AttributeValue::Value(value) = attribute.value else {
            continue;
        };
        match attribute.kind {
            AttributeKind::MinValue => facts.add_min_value(value),
            AttributeKind::MaxValue => facts.add_max_value(value),
            AttributeKind::MinTerritory => facts.add_min_territory(value),
            AttributeKind::MaxTerritory => facts.add_max_territory(value),
            AttributeKind::Shape if !joseki_shape => facts.add_shape(value),
            AttributeKind::Followup => facts.followup = facts.followup.max(value),
            AttributeKind::ReverseFollowup => {
                facts.reverse_followup = facts.reverse_followup.max(value)
            }
            _ => {}
        }
    }
}

/// Which shape actions (`>` lines) add move reasons (the evidence:
/// `docs/tuning/valuation.md`, *Reason kinds*).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActionParams {
    /// `antisuji(*)`: the move is never played.
    pub antisuji: bool,
    /// `test_attack_either_move(A,B)`: the move threatens two opponent
    /// strings that can no longer both be saved (GNU Go's `either
    /// attacks A or attacks B`).
    pub attack_either: bool,
    /// `add_defend_both_move(A,B)`: the move saves two own strings (GNU
    /// Go's `both defends A and defends B`).
    pub defend_both: bool,
}

impl Default for ActionParams {
    fn default() -> ActionParams {
        ActionParams {
            antisuji: true,
            attack_either: true,
            defend_both: true,
        }
    }
}

/// The worm origin of the stone of `color` at `v`.
fn worm_of(g: &Generation<'_>, v: Vertex, color: goban::Color) -> Option<Vertex> {
    if g.board().cell(v).color() != Some(color) {
        return None;
    }
    g.analysis.worm_at(v).map(|w| w.origin)
}

/// `test_attack_either_move(a, b)`: the opponent strings can both be saved
/// now; after the move both stand with two liberties or more and cannot
/// both be saved.
fn attack_either(
    g: &mut Generation<'_>,
    store: &mut MoveReasons,
    at: Vertex,
    a: Vertex,
    b: Vertex,
) {
    let opponent = g.color.other();
    let (Some(a), Some(b)) = (worm_of(g, a, opponent), worm_of(g, b, opponent)) else {
        return;
    };
    if a == b || g.reader().defend_both(a, b).code == Code::Fail {
        return;
    }
    let either = g.after_move(g.color, at, |r| {
        let board = r.board().board();
        let standing =
            |v: Vertex| board.cell(v).color() == Some(opponent) && board.liberties(v) >= 2;
        standing(a) && standing(b) && r.defend_both(a, b).code == Code::Fail
    });
    if either == Some(true) {
        let (a, b) = ordered(a, b);
        store.add(at, Reason::Either { a, b });
    }
}

/// The reasons the match's action (`>` lines) asks for, with `params`:
/// the action is run on a context that records its calls.
fn action_reasons(
    g: &mut Generation<'_>,
    store: &mut MoveReasons,
    code: &CodeTable,
    pattern: &Pattern,
    raw: &RawCandidate,
    params: ActionParams,
) {
    if pattern.autohelper_flag & HAVE_ACTION == 0 {
        return;
    }
    let geometry = g.board().geometry();
    let Some(at) = geometry.vertex(raw.move_point) else {
        return;
    };
    let mut log = ActionLog::default();
    code.run(
        raw.pattern,
        &mut log,
        Site::new(raw.transform, raw.move_point),
        Phase::Action,
    );
    let (mut unsupported, mut actions) = (Vec::new(), Vec::new());
    log.drain(&mut unsupported, &mut actions);
    for action in actions {
        let Callee::Autohelper(function) = action.action else {
            continue;
        };
        let points: Vec<Vertex> = action
            .points
            .iter()
            .filter_map(|&p| geometry.vertex(p))
            .collect();
        match (function, points.as_slice()) {
            (Autohelper::Antisuji, &[x]) if params.antisuji => {
                store.add(x, Reason::Antisuji);
            }
            (Autohelper::TestAttackEitherMove, &[a, b]) if params.attack_either => {
                attack_either(g, store, at, a, b);
            }
            (Autohelper::AddDefendBothMove, &[a, b]) if params.defend_both => {
                let own = g.color;
                if let (Some(a), Some(b)) = (worm_of(g, a, own), worm_of(g, b, own)) {
                    if a != b {
                        let (a, b) = ordered(a, b);
                        store.add(at, Reason::All { a, b });
                    }
                }
            }
            _ => {}
        }
    }
}

/// Adds the reasons of every match of the pass's databases that the
/// shapes check does not reject, in candidate order, with the reasons
/// their actions ask for.
pub fn pattern_reasons(
    g: &mut Generation<'_>,
    databases: &Databases,
    judged: &[(RawCandidate, Judgement)],
    pass: Pass,
    params: ActionParams,
    store: &mut MoveReasons,
) {
    let geometry = g.board().geometry();
    for (raw, judgement) in judged {
        // An undecided match waits on a layer the engine does not build
        // yet (GNU Go has them all); it counts as accepted here, which
        // agrees with GNU Go more often than leaving it out
        // (docs/engine.md, "Move reasons").
        if judgement.verdict == Verdict::Rejected {
            continue;
        }
        let shape = &databases.shapes[raw.db];
        if !pass.reads(&shape.name) {
            continue;
        }
        let Some(at) = geometry.vertex(raw.move_point) else {
            continue;
        };
        let pattern = &shape.db.patterns[raw.pattern];
        add_match(g, store, pattern, raw, at);
        action_reasons(g, store, &shape.code, pattern, raw, params);
    }
}
