//! Patterns that can never match or whose class cannot act (lints L0008 to
//! L0011), decided from the text alone:
//!
//! - L0008: a constraint that can never be true, by interval reasoning over
//!   its calls: every catalogue function has a known range (liberties ≥ 0,
//!   reading codes 0…5, predicates 0/1, …), narrowed by what the diagram
//!   says at the labelled point (`lib` of an empty point is 0, of a stone at
//!   least 1; `x_somewhere` of points that cannot hold an X stone is 0;
//!   an occupied point is no legal move); the conditions of a conjunction
//!   narrow the ranges of the calls they compare, so `lib(a)>2 && lib(a)<2`
//!   is caught;
//! - L0009: a class that rejects every match given the diagram, in the
//!   database's role (matching-semantics §5): a `conn.db` `C` pattern with
//!   fewer than two `O` stones, a barriers `A`/`D` pattern without `,`/`!`,
//!   class `b` in a shapes database (GNU Go aborts);
//! - L0010: a class that can never act: dragon-status classes `O`/`o`
//!   (`X`/`x`) without own (opponent) stones, shapes `C`/`B` with fewer
//!   than two own/opponent stones, influence `B` without `!` and `I`/`E`
//!   without a move;
//! - L0011: a diagram that cannot be on a board: a string of stones whose
//!   every neighbour is an opponent stone or off the board (no liberty),
//!   edges on all four sides of a rectangle that is not square, or two
//!   opposite edges closer together than the pattern is wide the other way
//!   (boards are square).

use std::collections::{BTreeMap, BTreeSet};

use matcher::autohelper::Autohelper;

use super::canon;
use super::shape::Shape;
use crate::ast::{
    Argument, BinaryOp, Call, Callee, ColonLine, Edges, Expr, ExprKind, Pattern, UnaryOp,
};
use crate::check::labels;
use crate::diag::{Code, Diagnostic};
use crate::options::DatabaseRole;

/// What the diagram allows at a point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Content {
    /// `.`, `*`, `,`, `!`.
    Empty,
    /// `X` (`Y`).
    Opponent,
    /// `O` (`Q`).
    Own,
    /// `x`.
    OpponentOrEmpty,
    /// `o`.
    OwnOrEmpty,
    /// `?` or unknown.
    Any,
}

impl Content {
    /// The content a diagram character allows.
    pub fn of(c: u8) -> Content {
        match c {
            b'.' | b'*' | b',' | b'!' => Content::Empty,
            b'X' | b'Y' => Content::Opponent,
            b'O' | b'Q' => Content::Own,
            b'x' => Content::OpponentOrEmpty,
            b'o' => Content::OwnOrEmpty,
            _ => Content::Any,
        }
    }

    fn is_stone(self) -> bool {
        matches!(self, Content::Opponent | Content::Own)
    }

    fn may_hold_opponent(self) -> bool {
        matches!(
            self,
            Content::Opponent | Content::OpponentOrEmpty | Content::Any
        )
    }

    fn may_hold_own(self) -> bool {
        matches!(self, Content::Own | Content::OwnOrEmpty | Content::Any)
    }
}

/// A set of possible values: an interval, integral or not.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Range {
    /// Smallest possible value.
    pub lo: f64,
    /// Largest possible value.
    pub hi: f64,
    /// Whether only integers are possible.
    pub integral: bool,
}

impl Range {
    const ANY_INT: Range = Range::int(f64::NEG_INFINITY, f64::INFINITY);
    const ANY_REAL: Range = Range {
        lo: f64::NEG_INFINITY,
        hi: f64::INFINITY,
        integral: false,
    };
    const TRUTH: Range = Range::int(0.0, 1.0);

    const fn int(lo: f64, hi: f64) -> Range {
        Range {
            lo,
            hi,
            integral: true,
        }
    }

    fn point(v: f64) -> Range {
        Range {
            lo: v,
            hi: v,
            integral: v.fract() == 0.0,
        }
    }

    /// Whether the only possible value is 0 (false).
    pub fn is_zero(self) -> bool {
        self.lo == 0.0 && self.hi == 0.0
    }

    /// Whether 0 is impossible (true).
    pub fn excludes_zero(self) -> bool {
        self.lo > 0.0 || self.hi < 0.0
    }

    fn intersect(self, other: Range) -> Option<Range> {
        let integral = self.integral || other.integral;
        let (mut lo, mut hi) = (self.lo.max(other.lo), self.hi.min(other.hi));
        if integral {
            lo = lo.ceil();
            hi = hi.floor();
        }
        (lo <= hi).then_some(Range { lo, hi, integral })
    }

    fn hull(self, other: Range) -> Range {
        Range {
            lo: self.lo.min(other.lo),
            hi: self.hi.max(other.hi),
            integral: self.integral && other.integral,
        }
    }

    fn truth(value: Option<bool>) -> Range {
        match value {
            Some(true) => Range::point(1.0),
            Some(false) => Range::point(0.0),
            None => Range::TRUTH,
        }
    }
}

/// What the diagram says at each label and at the move.
pub struct Facts {
    labels: BTreeMap<char, Content>,
}

impl Facts {
    /// The facts of a pattern.
    pub fn of(pattern: &Pattern) -> Facts {
        let mut map = BTreeMap::new();
        if let Some(constraint) = &pattern.constraint_diagram {
            for (label, (i, j)) in labels(constraint) {
                let c = pattern
                    .diagram
                    .rows
                    .get(i)
                    .and_then(|r| r.cells.as_bytes().get(j))
                    .copied()
                    .unwrap_or(b'?');
                map.insert(label, Content::of(c));
            }
        }
        Facts { labels: map }
    }

    fn content(&self, arg: Argument) -> Content {
        match arg {
            Argument::Label(c) => self.labels.get(&c).copied().unwrap_or(Content::Any),
            Argument::Move => Content::Empty,
            Argument::Tenuki => Content::Any,
        }
    }

    /// The values a call can have, from the catalogue and the diagram.
    fn call_range(&self, call: &Call) -> Range {
        let Callee::Autohelper(function) = call.function else {
            return Range::ANY_INT;
        };
        let arg = |k: usize| {
            call.args
                .get(k)
                .map_or(Content::Any, |a| self.content(a.node))
        };
        let all = || call.args.iter().map(|a| self.content(a.node));
        use Autohelper::*;
        let count = Range::int(0.0, f64::INFINITY);
        let code = Range::int(0.0, 5.0);
        match function {
            Lib => match arg(0) {
                Content::Empty => Range::point(0.0),
                c if c.is_stone() => Range::int(1.0, f64::INFINITY),
                _ => count,
            },
            Lib2 | Lib3 | Lib4 | Xlib | Olib | ApproxXlib | ApproxOlib | Wormsize | Dragonsize
            | Genus => count,
            OplayLib | XplayLib => count,
            SafeXmove | SafeOmove => {
                if arg(0).is_stone() {
                    Range::point(0.0)
                } else {
                    code
                }
            }
            LegalXmove | LegalOmove => {
                if arg(0).is_stone() {
                    Range::point(0.0)
                } else {
                    Range::TRUTH
                }
            }
            Attack | Defend | DoesAttack | XplayDefendBoth | OplayDefendBoth
            | XplayAttackEither | OplayAttackEither | XplayDefend | OplayDefend | XplayAttack
            | OplayAttack | XplayBreakThrough | OplayBreakThrough | OplayConnect | XplayConnect
            | OplayDisconnect | XplayDisconnect => code,
            Alive | Unknown | Critical | Dead | Weak | SameString | SameDragon | Xcut | Ocut
            | XSuicide | OSuicide | Xmoyo | Omoyo | XmoyoOpposite | OmoyoOpposite | Xarea
            | Oarea | Xterri | Oterri => Range::TRUTH,
            XSomewhere | XAliveSomewhere => {
                if !all().any(Content::may_hold_opponent) {
                    Range::point(0.0)
                } else if function == XSomewhere && all().any(|c| c == Content::Opponent) {
                    Range::point(1.0)
                } else {
                    Range::TRUTH
                }
            }
            OSomewhere | OAliveSomewhere => {
                if !all().any(Content::may_hold_own) {
                    Range::point(0.0)
                } else if function == OSomewhere && all().any(|c| c == Content::Own) {
                    Range::point(1.0)
                } else {
                    Range::TRUTH
                }
            }
            Weakness => Range {
                lo: 0.0,
                hi: 1.0,
                integral: false,
            },
            EffectiveSize => Range {
                lo: 0.0,
                hi: f64::INFINITY,
                integral: false,
            },
            Value => Range::ANY_REAL,
            _ => Range::ANY_INT,
        }
    }
}

/// Below this magnitude every integer is an `f64` and `x + 1.0 != x`.
const EXACT: f64 = 9.0e15;

/// What earlier conditions say about one call: a range and integers it
/// cannot be (from `!=`).
#[derive(Debug, Clone, PartialEq)]
struct Known {
    range: Range,
    excluded: BTreeSet<i64>,
}

impl Known {
    /// The range with excluded end points removed; `None` when nothing is
    /// left.
    fn normalised(mut self) -> Option<Known> {
        if self.range.integral {
            while self.range.lo.abs() < EXACT
                && self.range.lo <= self.range.hi
                && self.excluded.contains(&(self.range.lo as i64))
            {
                self.range.lo += 1.0;
            }
            while self.range.hi.abs() < EXACT
                && self.range.lo <= self.range.hi
                && self.excluded.contains(&(self.range.hi as i64))
            {
                self.range.hi -= 1.0;
            }
        }
        (self.range.lo <= self.range.hi).then_some(self)
    }
}

/// What earlier conditions say about calls, by call text.
type Env = BTreeMap<String, Known>;

/// The call text that keys a term, or `None` when `e` is no call.
fn term(e: &Expr) -> Option<(String, &Call)> {
    match &canon::strip(e).kind {
        ExprKind::Call(call) => Some((canon::expr_text(e, &Some), call)),
        _ => None,
    }
}

/// The values `e` can have given `env`.
fn eval(e: &Expr, facts: &Facts, env: &Env) -> Range {
    match &canon::strip(e).kind {
        ExprKind::Int(n) => Range::point(*n as f64),
        ExprKind::Float(text) => text
            .trim_end_matches(['f', 'F'])
            .parse::<f64>()
            .ok()
            .filter(|v| v.is_finite())
            .map_or(Range::ANY_REAL, Range::point),
        ExprKind::Ident(name) if name == "WIN" => Range::point(5.0),
        ExprKind::Ident(_) => Range::ANY_INT,
        ExprKind::Call(call) => {
            let base = facts.call_range(call);
            let key = canon::expr_text(e, &Some);
            match env.get(&key) {
                Some(known) => base.intersect(known.range).unwrap_or(base),
                None => base,
            }
        }
        ExprKind::Unary(UnaryOp::Not, inner) => {
            let r = eval(inner, facts, env);
            Range::truth(if r.is_zero() {
                Some(true)
            } else if r.excludes_zero() {
                Some(false)
            } else {
                None
            })
        }
        ExprKind::Unary(UnaryOp::Neg, inner) => {
            let r = eval(inner, facts, env);
            Range {
                lo: -r.hi,
                hi: -r.lo,
                integral: r.integral,
            }
        }
        ExprKind::Binary(op, a, b) => {
            let ra = eval(a, facts, env);
            let rb = eval(b, facts, env);
            binary(*op, ra, rb)
        }
        ExprKind::Conditional(c, a, b) => {
            let rc = eval(c, facts, env);
            if rc.excludes_zero() {
                eval(a, facts, env)
            } else if rc.is_zero() {
                eval(b, facts, env)
            } else {
                eval(a, facts, env).hull(eval(b, facts, env))
            }
        }
        ExprKind::Paren(inner) => eval(inner, facts, env),
    }
}

fn binary(op: BinaryOp, a: Range, b: Range) -> Range {
    let both_int = a.integral && b.integral;
    let decided = |yes: bool, no: bool| {
        Range::truth(if yes {
            Some(true)
        } else if no {
            Some(false)
        } else {
            None
        })
    };
    match op {
        BinaryOp::And => decided(
            a.excludes_zero() && b.excludes_zero(),
            a.is_zero() || b.is_zero(),
        ),
        BinaryOp::Or => decided(
            a.excludes_zero() || b.excludes_zero(),
            a.is_zero() && b.is_zero(),
        ),
        BinaryOp::Lt => decided(a.hi < b.lo, a.lo >= b.hi),
        BinaryOp::Le => decided(a.hi <= b.lo, a.lo > b.hi),
        BinaryOp::Gt => decided(a.lo > b.hi, a.hi <= b.lo),
        BinaryOp::Ge => decided(a.lo >= b.hi, a.hi < b.lo),
        BinaryOp::Eq => decided(
            a.lo == a.hi && b.lo == b.hi && a.lo == b.lo,
            a.hi < b.lo || b.hi < a.lo,
        ),
        BinaryOp::Ne => decided(
            a.hi < b.lo || b.hi < a.lo,
            a.lo == a.hi && b.lo == b.hi && a.lo == b.lo,
        ),
        BinaryOp::Add => Range {
            lo: a.lo + b.lo,
            hi: a.hi + b.hi,
            integral: both_int,
        },
        BinaryOp::Sub => Range {
            lo: a.lo - b.hi,
            hi: a.hi - b.lo,
            integral: both_int,
        },
        BinaryOp::Mul => {
            // The ends stand for finite values: zero times an unbounded
            // end is zero, not NaN.
            let times = |x: f64, y: f64| if x == 0.0 || y == 0.0 { 0.0 } else { x * y };
            let products = [
                times(a.lo, b.lo),
                times(a.lo, b.hi),
                times(a.hi, b.lo),
                times(a.hi, b.hi),
            ];
            if products.iter().any(|p| p.is_nan()) {
                return if both_int {
                    Range::ANY_INT
                } else {
                    Range::ANY_REAL
                };
            }
            Range {
                lo: products.iter().copied().fold(f64::INFINITY, f64::min),
                hi: products.iter().copied().fold(f64::NEG_INFINITY, f64::max),
                integral: both_int,
            }
        }
        BinaryOp::Div => {
            if both_int {
                Range::ANY_INT
            } else {
                Range::ANY_REAL
            }
        }
    }
}

/// The comparison that holds when `op` does not.
fn negated(op: BinaryOp) -> Option<BinaryOp> {
    Some(match op {
        BinaryOp::Lt => BinaryOp::Ge,
        BinaryOp::Le => BinaryOp::Gt,
        BinaryOp::Gt => BinaryOp::Le,
        BinaryOp::Ge => BinaryOp::Lt,
        BinaryOp::Eq => BinaryOp::Ne,
        BinaryOp::Ne => BinaryOp::Eq,
        _ => return None,
    })
}

/// `op` with its operands exchanged.
fn mirrored(op: BinaryOp) -> BinaryOp {
    match op {
        BinaryOp::Lt => BinaryOp::Gt,
        BinaryOp::Le => BinaryOp::Ge,
        BinaryOp::Gt => BinaryOp::Lt,
        BinaryOp::Ge => BinaryOp::Le,
        other => other,
    }
}

/// Narrows what is known of a call by `call op bound`; `None` when no
/// value is left.
fn narrow(current: Known, op: BinaryOp, bound: Range) -> Option<Known> {
    let integral = current.range.integral;
    let step = if integral { 1.0 } else { 0.0 };
    let below = |hi: f64| Range {
        lo: f64::NEG_INFINITY,
        hi,
        integral: false,
    };
    let above = |lo: f64| Range {
        lo,
        hi: f64::INFINITY,
        integral: false,
    };
    let mut excluded = current.excluded;
    let limit = match op {
        BinaryOp::Lt => below(bound.hi - step),
        BinaryOp::Le => below(bound.hi),
        BinaryOp::Gt => above(bound.lo + step),
        BinaryOp::Ge => above(bound.lo),
        BinaryOp::Eq => bound,
        BinaryOp::Ne => {
            if integral && bound.lo == bound.hi && bound.lo.fract() == 0.0 && bound.lo.abs() < EXACT
            {
                excluded.insert(bound.lo as i64);
            }
            current.range
        }
        _ => current.range,
    };
    Known {
        range: current.range.intersect(limit)?,
        excluded,
    }
    .normalised()
}

/// What `env` knows of the call `e` (`key`), its range evaluated afresh.
fn known(e: &Expr, key: &str, facts: &Facts, env: &Env) -> Known {
    Known {
        range: eval(e, facts, env),
        excluded: env.get(key).map(|k| k.excluded.clone()).unwrap_or_default(),
    }
}

/// The environment in which `e` has truth value `truth`, or `None` when it
/// cannot have it.
fn assume(e: &Expr, truth: bool, facts: &Facts, env: Env) -> Option<Env> {
    let e = canon::strip(e);
    match &e.kind {
        ExprKind::Unary(UnaryOp::Not, inner) => assume(inner, !truth, facts, env),
        ExprKind::Binary(BinaryOp::And, a, b) if truth => {
            let env = assume(a, true, facts, env)?;
            assume(b, true, facts, env)
        }
        ExprKind::Binary(BinaryOp::Or, a, b) if !truth => {
            let env = assume(a, false, facts, env)?;
            assume(b, false, facts, env)
        }
        ExprKind::Binary(BinaryOp::And | BinaryOp::Or, a, b) => {
            let left = assume(a, truth, facts, env.clone());
            let right = assume(b, truth, facts, env.clone());
            match (left, right) {
                (None, None) => None,
                (Some(only), None) | (None, Some(only)) => Some(only),
                (Some(_), Some(_)) => Some(env),
            }
        }
        ExprKind::Binary(op, a, b) if negated(*op).is_some() => {
            let op = if truth {
                *op
            } else {
                negated(*op).unwrap_or(*op)
            };
            let mut env = env;
            for (side, other, op) in [(a, b, op), (b, a, mirrored(op))] {
                if let Some((key, _)) = term(side) {
                    let current = known(side, &key, facts, &env);
                    let bound = eval(other, facts, &env);
                    let narrowed = narrow(current, op, bound)?;
                    env.insert(key, narrowed);
                }
            }
            let r = eval(e, facts, &env);
            let impossible = if truth {
                r.is_zero()
            } else {
                r.excludes_zero()
            };
            (!impossible).then_some(env)
        }
        _ => {
            let r = eval(e, facts, &env);
            if (truth && r.is_zero()) || (!truth && r.excludes_zero()) {
                return None;
            }
            let mut env = env;
            if let Some((key, _)) = term(e) {
                let current = known(e, &key, facts, &env);
                let op = if truth { BinaryOp::Ne } else { BinaryOp::Eq };
                let narrowed = narrow(current, op, Range::point(0.0))?;
                env.insert(key, narrowed);
            }
            Some(env)
        }
    }
}

/// Whether `e` can be true at all.
pub fn satisfiable(e: &Expr, facts: &Facts) -> bool {
    assume(e, true, facts, Env::new()).is_some()
}

fn conjuncts<'e>(e: &'e Expr, into: &mut Vec<&'e Expr>) {
    match &canon::strip(e).kind {
        ExprKind::Binary(BinaryOp::And, a, b) => {
            conjuncts(a, into);
            conjuncts(b, into);
        }
        _ => into.push(e),
    }
}

/// L0008: a constraint that can never be true.
fn constraint(pattern: &Pattern, diags: &mut Vec<Diagnostic>) {
    let Some(expr) = pattern.constraint.as_ref().and_then(|c| c.code.as_ref()) else {
        return;
    };
    let facts = Facts::of(pattern);
    if satisfiable(expr, &facts) {
        return;
    }
    let name = &pattern.name.node;
    let mut parts = Vec::new();
    conjuncts(expr, &mut parts);
    // The first condition that cannot hold after the ones before it.
    let mut env = Env::new();
    let mut culprit = (expr, false);
    for (k, part) in parts.iter().enumerate() {
        match assume(part, true, &facts, env.clone()) {
            Some(next) => env = next,
            None => {
                let alone = assume(part, true, &facts, Env::new()).is_none();
                culprit = (part, !alone && k > 0);
                break;
            }
        }
    }
    let (part, with_earlier) = culprit;
    let why = if with_earlier {
        "contradicts the conditions before it"
    } else {
        "can never be true, given the functions' ranges and what the diagram holds at its points"
    };
    diags.push(
        Diagnostic::new(
            Code::ConstraintNeverTrue,
            part.span,
            format!("the constraint of pattern {name} can never hold: this condition {why}"),
        )
        .with_label("never true here")
        .with_help("the pattern never matches: fix the condition or remove the pattern (lib of an empty point is 0, of a stone at least 1; reading codes are 0 to 5)"),
    );
}

/// Counts of the diagram's element kinds.
#[derive(Debug, Default, Clone, Copy)]
struct Census {
    own: usize,
    own_or_empty: usize,
    opponent: usize,
    opponent_or_empty: usize,
    blocking: usize,
    move_point: bool,
    inhibited: usize,
}

impl Census {
    fn of(pattern: &Pattern) -> Census {
        let mut census = Census::default();
        for row in &pattern.diagram.rows {
            for b in row.cells.bytes() {
                match b {
                    b'O' | b'Q' => census.own += 1,
                    b'o' => census.own_or_empty += 1,
                    b'X' | b'Y' => census.opponent += 1,
                    b'x' => census.opponent_or_empty += 1,
                    b',' => census.blocking += 1,
                    b'!' => census.inhibited += 1,
                    b'*' => census.move_point = true,
                    _ => {}
                }
            }
        }
        census
    }
}

/// L0009 and L0010: classes against the diagram.
fn classes(pattern: &Pattern, role: DatabaseRole, diags: &mut Vec<Diagnostic>) {
    let ColonLine::Modern(colon) = &pattern.colon else {
        return;
    };
    let census = Census::of(pattern);
    let name = &pattern.name.node;
    let class_span = |letter: char| {
        let text = &colon.classes;
        text.node
            .char_indices()
            .find(|&(_, c)| c == letter)
            .map_or(text.span, |(i, _)| {
                let start = text.span.start + i as u32;
                crate::ast::Span {
                    start,
                    end: start + 1,
                    col: text.span.col + i as u32,
                    ..text.span
                }
            })
    };
    let has = |letter: char| colon.classes.node.contains(letter);
    let mut report = |code: Code, letter: char, message: String, help: &str| {
        diags.push(Diagnostic::new(code, class_span(letter), message).with_help(help.to_string()));
    };
    // Never matches.
    if role == DatabaseRole::Connection && has('C') && census.own < 2 {
        report(
            Code::ClassNeverMatches,
            'C',
            format!(
                "class C in conn.db needs two different dragons among the pattern's O stones, but pattern {name} has {} O stone{}: every match is rejected",
                census.own,
                if census.own == 1 { "" } else { "s" }
            ),
            "draw the two O stones the pattern connects, or drop the class",
        );
    }
    if role == DatabaseRole::Shapes && has('b') {
        report(
            Code::ClassNeverMatches,
            'b',
            format!(
                "class b is obsolete in shapes databases: GNU Go aborts when pattern {name} matches"
            ),
            "remove the class letter b",
        );
    }
    if role == DatabaseRole::Influence
        && (has('A') || has('D'))
        && census.blocking + census.inhibited == 0
    {
        let letter = if has('A') { 'A' } else { 'D' };
        report(
            Code::ClassNeverMatches,
            letter,
            format!(
                "class {letter} blocks influence at the pattern's ',' and '!' points, but pattern {name} has none: every match is skipped"
            ),
            "mark the points where influence is blocked with ',' or '!'",
        );
    }
    // Cannot act.
    let own = census.own + census.own_or_empty;
    let opponent = census.opponent + census.opponent_or_empty;
    for (letter, count, side) in [
        ('O', own, "own"),
        ('o', own, "own"),
        ('X', opponent, "opponent"),
        ('x', opponent, "opponent"),
    ] {
        if has(letter) && count == 0 {
            report(
                Code::ClassWithoutEffect,
                letter,
                format!(
                    "class {letter} tests the dragons of the pattern's {side} stones, but pattern {name} has no {side} stone ('{}' or '{}')",
                    if side == "own" { 'O' } else { 'X' },
                    if side == "own" { 'o' } else { 'x' }
                ),
                "remove the class letter (it has no effect) or draw the stones it is about",
            );
        }
    }
    if role == DatabaseRole::Shapes {
        for (letter, count, side, reason) in [
            ('C', census.own, "O", "connects"),
            ('B', census.opponent, "X", "cuts"),
        ] {
            if has(letter) && count < 2 {
                report(
                    Code::ClassWithoutEffect,
                    letter,
                    format!(
                        "class {letter} gives \"{reason}\" move reasons for pairs of {side} strings in the pattern, but pattern {name} has {count} {side} stone{}: it never gives one",
                        if count == 1 { "" } else { "s" }
                    ),
                    "remove the class letter or draw the strings it is about",
                );
            }
        }
    }
    if role == DatabaseRole::Influence {
        if has('B') && census.inhibited == 0 {
            report(
                Code::ClassWithoutEffect,
                'B',
                format!(
                    "class B puts intrusions at the pattern's '!' points, but pattern {name} has none"
                ),
                "mark the intrusion points with '!'",
            );
        }
        for letter in ['I', 'E'] {
            if has(letter) && !census.move_point {
                report(
                    Code::ClassWithoutEffect,
                    letter,
                    format!(
                        "class {letter} puts an influence source at the move, but pattern {name} has no '*' (the point GNU Go uses is then an artefact of the anchor)"
                    ),
                    "mark the source point with '*'",
                );
            }
        }
    }
}

/// L0011: diagrams that cannot be on a board.
fn impossible_diagram(pattern: &Pattern, diags: &mut Vec<Diagnostic>) {
    let Some(shape) = Shape::of(pattern) else {
        return;
    };
    let name = &pattern.name.node;
    let all_edges = Edges::NORTH | Edges::SOUTH | Edges::EAST | Edges::WEST;
    let vertical = shape.edges & (Edges::NORTH | Edges::SOUTH) == Edges::NORTH | Edges::SOUTH;
    let horizontal = shape.edges & (Edges::EAST | Edges::WEST) == Edges::EAST | Edges::WEST;
    if shape.edges != all_edges
        && (vertical && shape.cols > shape.rows || horizontal && shape.rows > shape.cols)
    {
        let (lines, across, width) = if vertical {
            ("north and south", shape.rows, shape.cols)
        } else {
            ("east and west", shape.cols, shape.rows)
        };
        diags.push(
            Diagnostic::new(
                Code::ImpossibleDiagram,
                pattern.diagram.span,
                format!(
                    "pattern {name} draws the {lines} edges {across} lines apart, so the board has {across} lines, but the pattern is {width} lines across the other way"
                ),
            )
            .with_help("a board is square: fix the edges or the size"),
        );
    }
    if shape.edges == all_edges && shape.rows != shape.cols {
        diags.push(
            Diagnostic::new(
                Code::ImpossibleDiagram,
                pattern.diagram.span,
                format!(
                    "pattern {name} draws all four edges around {} rows and {} columns: no square board has that shape",
                    shape.rows, shape.cols
                ),
            )
            .with_help("a board is square: fix the edges or the size"),
        );
    }
    if let Some((i, j)) = string_without_liberty(&shape) {
        let span = pattern.diagram.rows[i].cell_span(j);
        diags.push(
            Diagnostic::new(
                Code::ImpossibleDiagram,
                span,
                format!(
                    "the string of '{}' stones here in pattern {name} has no liberty: every neighbour is an opponent stone or off the board, which no legal position has",
                    shape.cell(i, j) as char
                ),
            )
            .with_label("no liberty")
            .with_help("leave a liberty ('.', '?', 'x', 'o') or remove the stones"),
        );
    }
}

/// The first point (reading order) of a string of definite stones whose
/// every neighbour is a definite opponent stone or off the board.
pub fn string_without_liberty(shape: &Shape) -> Option<(usize, usize)> {
    let (rows, cols) = (shape.rows, shape.cols);
    let mut seen = vec![false; rows * cols];
    for start in 0..rows * cols {
        let colour = shape.cells[start];
        if seen[start] || !matches!(colour, b'X' | b'O') {
            continue;
        }
        let opponent = if colour == b'X' { b'O' } else { b'X' };
        let mut stack = vec![start];
        seen[start] = true;
        let mut liberty = false;
        while let Some(p) = stack.pop() {
            let (i, j) = ((p / cols) as i32, (p % cols) as i32);
            for (di, dj, edge) in [
                (-1, 0, Edges::NORTH),
                (1, 0, Edges::SOUTH),
                (0, -1, Edges::WEST),
                (0, 1, Edges::EAST),
            ] {
                let (ni, nj) = (i + di, j + dj);
                if ni < 0 || nj < 0 || ni >= rows as i32 || nj >= cols as i32 {
                    // Beyond the diagram: off the board only past an edge.
                    liberty |= shape.edges & edge == 0;
                    continue;
                }
                let q = ni as usize * cols + nj as usize;
                let c = shape.cells[q];
                if c == colour {
                    if !seen[q] {
                        seen[q] = true;
                        stack.push(q);
                    }
                } else if c != opponent {
                    liberty = true;
                }
            }
        }
        if !liberty {
            return Some((start / cols, start % cols));
        }
    }
    None
}

/// Every never-match lint of one pattern.
pub fn lint(pattern: &Pattern, role: DatabaseRole, diags: &mut Vec<Diagnostic>) {
    constraint(pattern, diags);
    classes(pattern, role, diags);
    impossible_diagram(pattern, diags);
}
