//! The shapes check: what GNU Go's shapes callback does with one raw
//! candidate match of a shape database (patterns.db + patterns2.db,
//! endgame.db, fuseki.db; the joseki corner database has its own, shorter
//! callback), stage by stage in GNU Go's order, in three-valued logic.
//!
//! The stages (`../shared/spec/matching-semantics.md` §2.2, §5.1;
//! `design/gnugo-engine.md` §2.12):
//!
//! 1. **class** — the matcher's dragon-status class test (`O`: no own stone
//!    of the pattern in a dead or critical dragon; `o`: none alive; `X`: no
//!    opponent stone in a dead dragon; `x`: none alive). It needs dragon
//!    statuses (`status`, the dragons layer).
//! 2. **own-strings** — class `O` only: an own stone of the pattern whose
//!    string can be attacked (`attack`) and which the move does not defend
//!    (`does_defend`) rejects the match (tactics).
//! 3. `C`/`B` with fewer than two strings only drop those move-reason
//!    classes; they never reject a match, so they are no stage here.
//! 4. **safe-move** — without class `s`: the move must be safe for the
//!    player with the full result `WIN` (`safe_omove`, tactics); with `s`
//!    it must merely be legal (`legal_omove`, board).
//! 5. **class-n** — class `n`: the opponent must be able to play at the
//!    move safely, any non-zero `safe_xmove` (tactics).
//! 6. **constraint** — the pattern's constraint, three-valued, with its
//!    evaluation tree when its program is interpreted.
//! 7. **helper** — the pattern's hand-written helper, known only when a
//!    [`HelperRegistry`] holds it (or a fact of the design notes decides it,
//!    see [`helper_needs`]).
//!
//! Every stage is a pure question about the position, so the verdict is the
//! Kleene conjunction of the stages: **rejected** at the first stage known
//! to fail, **accepted** when every stage is known to pass, **undecided**
//! otherwise, with the layers its unknown stages need. Stages after an
//! unknown one are still evaluated, since a later known failure rejects the
//! match whatever the unknown stage would say.
//!
//! The joseki corner callback ([`ShapeRules::JOSEKI_CORNER`]) runs no class
//! test, no safety check and no class `n`: only the constraint and helper.

use matcher::autohelper::Autohelper;
use matcher::autohelper::result_code::WIN;
use matcher::board::Color;
use matcher::constraint::{CodeTable, Site, Trace, Tri, Value, tri};
use matcher::context::layers::*;
use matcher::context::{Callee, Point};
use matcher::helpers::{HelperCall, HelperRegistry};
use matcher::layer::{Layer, LayerSet};
use matcher::pattern::{Pattern, PatternClass};
use matcher::scan::{DragonStatus, class_can_reject, class_rejects};

/// One stage of the shapes check, in GNU Go's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Stage {
    /// The raw match itself: no stage applied (an accepted candidate of a
    /// pattern without checks).
    Match,
    /// The matcher's dragon-status class test (`O o X x`).
    Class,
    /// Class `O`: own attackable strings the move does not defend.
    OwnStrings,
    /// The move's safety (`safe_move` = WIN, or legality with class `s`).
    SafeMove,
    /// Class `n`: the opponent can play at the move safely.
    ClassN,
    /// The constraint.
    Constraint,
    /// The helper.
    Helper,
}

impl Stage {
    /// The stage's name in reports (`class`, `own-strings`, `safe-move`,
    /// `class-n`, `constraint`, `helper`).
    pub fn name(self) -> &'static str {
        match self {
            Stage::Match => "match",
            Stage::Class => "class",
            Stage::OwnStrings => "own-strings",
            Stage::SafeMove => "safe-move",
            Stage::ClassN => "class-n",
            Stage::Constraint => "constraint",
            Stage::Helper => "helper",
        }
    }
}

/// What one stage said.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Known to let the match through.
    Pass,
    /// Known to reject the match.
    Fail,
    /// Unknown until these layers exist.
    Unknown(LayerSet),
}

impl Outcome {
    /// A stage outcome from a three-valued truth.
    fn from_truth(value: Tri) -> Outcome {
        match value.truth() {
            Some(true) => Outcome::Pass,
            Some(false) => Outcome::Fail,
            None => Outcome::Unknown(value.needs()),
        }
    }

    /// Kleene conjunction of two outcomes.
    fn and(self, other: Outcome) -> Outcome {
        match (self, other) {
            (Outcome::Fail, _) | (_, Outcome::Fail) => Outcome::Fail,
            (Outcome::Pass, other) | (other, Outcome::Pass) => other,
            (Outcome::Unknown(a), Outcome::Unknown(b)) => Outcome::Unknown(a.union(b)),
        }
    }
}

/// The final verdict on a candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Verdict {
    /// Every stage passed: GNU Go would print its trace line.
    Accepted,
    /// A stage is known to reject it.
    Rejected,
    /// No stage rejects it, but some cannot be decided yet.
    Undecided,
}

impl Verdict {
    /// `accepted`, `rejected` or `undecided`.
    pub fn name(self) -> &'static str {
        match self {
            Verdict::Accepted => "accepted",
            Verdict::Rejected => "rejected",
            Verdict::Undecided => "undecided",
        }
    }
}

/// Which stages a database's callback runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ShapeRules {
    /// The class test and class `O`'s string check.
    pub class_checks: bool,
    /// The safety check and class `n`.
    pub safety_checks: bool,
}

impl ShapeRules {
    /// The shapes callback (patterns, endgame, fuseki and our own
    /// databases).
    pub const SHAPES: ShapeRules = ShapeRules {
        class_checks: true,
        safety_checks: true,
    };
    /// The joseki corner callback: constraint and helper only.
    pub const JOSEKI_CORNER: ShapeRules = ShapeRules {
        class_checks: false,
        safety_checks: false,
    };
}

/// One raw candidate match to judge.
#[derive(Debug, Clone, Copy)]
pub struct Candidate<'a> {
    /// The pattern.
    pub pattern: &'a Pattern,
    /// Its index in its database (indexes `code`).
    pub index: usize,
    /// The database's constraint and action code.
    pub code: &'a CodeTable,
    /// The anchor (`None` for corner matches, which have no element list
    /// to test).
    pub anchor: Option<Point>,
    /// The transformation and the move.
    pub site: Site,
    /// The player the pattern was matched for (`O`).
    pub color: Color,
}

/// A stage and what it said.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StageOutcome {
    /// The stage.
    pub stage: Stage,
    /// Its outcome.
    pub outcome: Outcome,
}

/// The shapes check's answer on one candidate.
#[derive(Debug, Clone, PartialEq)]
pub struct Judgement {
    /// The verdict.
    pub verdict: Verdict,
    /// The stage that decided it: the first failing stage (rejected), the
    /// first unknown one (undecided), the last stage run (accepted;
    /// [`Stage::Match`] when none ran).
    pub stage: Stage,
    /// The layers the undecided stages need (empty unless undecided).
    pub needs: LayerSet,
    /// Every stage run, in order (evaluation stops at the first failure).
    pub stages: Vec<StageOutcome>,
    /// The constraint's value, when the stage ran and the pattern has one.
    pub constraint: Option<Tri>,
    /// The constraint's evaluation tree (interpreted programs only).
    pub trace: Option<Trace>,
}

/// Judges `candidate` on `ctx` (a context for `candidate.color`) as
/// GNU Go's callback would, with the stages `rules` names. Helpers are
/// looked up in `helpers`.
pub fn judge<'c>(
    ctx: &mut (dyn Context + 'c),
    candidate: &Candidate<'_>,
    rules: ShapeRules,
    helpers: Option<&HelperRegistry<dyn Context + 'c>>,
) -> Judgement {
    let mut stages = Vec::new();
    let mut constraint = None;
    let mut trace = None;
    let class = candidate.pattern.class;
    let mov = candidate.site.mov;
    let mut run = |stage: Stage, ctx: &mut (dyn Context + 'c)| -> Option<Outcome> {
        match stage {
            Stage::Class if rules.class_checks => class_test(ctx, candidate),
            Stage::OwnStrings if rules.class_checks && class.has('O') => {
                own_strings_test(ctx, candidate)
            }
            Stage::SafeMove if rules.safety_checks => Some(if class.has('s') {
                Outcome::from_truth(ask(ctx, Autohelper::LegalOmove, |c| c.legal_omove(mov)))
            } else {
                let safe = ask(ctx, Autohelper::SafeOmove, |c| c.safe_omove(mov));
                Outcome::from_truth(compare(safe, |v| v == WIN))
            }),
            Stage::ClassN if rules.safety_checks && class.has('n') => {
                Some(Outcome::from_truth(ask(ctx, Autohelper::SafeXmove, |c| {
                    c.safe_xmove(mov)
                })))
            }
            Stage::Constraint => {
                let value = constraint_value(ctx, candidate, &mut trace)?;
                constraint = Some(value);
                Some(Outcome::from_truth(value))
            }
            Stage::Helper => candidate
                .pattern
                .helper
                .as_deref()
                .map(|name| helper_outcome(ctx, candidate, name, helpers)),
            _ => None,
        }
    };
    let order = [
        Stage::Class,
        Stage::OwnStrings,
        Stage::SafeMove,
        Stage::ClassN,
        Stage::Constraint,
        Stage::Helper,
    ];
    for stage in order {
        if let Some(outcome) = run(stage, ctx) {
            stages.push(StageOutcome { stage, outcome });
            if outcome == Outcome::Fail {
                break;
            }
        }
    }
    let total = stages
        .iter()
        .fold(Outcome::Pass, |acc, s| acc.and(s.outcome));
    let (verdict, stage, needs) = match total {
        Outcome::Fail => (
            Verdict::Rejected,
            stages.last().map_or(Stage::Match, |s| s.stage),
            LayerSet::EMPTY,
        ),
        Outcome::Pass => (
            Verdict::Accepted,
            stages.last().map_or(Stage::Match, |s| s.stage),
            LayerSet::EMPTY,
        ),
        Outcome::Unknown(needs) => (
            Verdict::Undecided,
            stages
                .iter()
                .find(|s| matches!(s.outcome, Outcome::Unknown(_)))
                .map_or(Stage::Match, |s| s.stage),
            needs,
        ),
    };
    Judgement {
        verdict,
        stage,
        needs,
        stages,
        constraint,
        trace,
    }
}

/// Asks a catalogue function through [`tri::call`]: unknown, needing its
/// layer, when `ctx` does not answer it.
fn ask(
    ctx: &mut dyn Context,
    function: Autohelper,
    f: impl FnOnce(&mut dyn Context) -> i32,
) -> Tri {
    tri::call(ctx, Callee::Autohelper(function), |c| Value::Int(f(c)))
}

/// A known integer tested with `test`; unknown stays unknown.
fn compare(value: Tri, test: impl FnOnce(i32) -> bool) -> Tri {
    match value.to_int() {
        Some(v) => Tri::from_bool(test(v)),
        None => value,
    }
}

/// The board points of the pattern's elements (anchor + T(offset)).
fn element_points(candidate: &Candidate<'_>) -> Vec<Point> {
    let Some(anchor) = candidate.anchor else {
        return Vec::new();
    };
    candidate
        .pattern
        .elements
        .iter()
        .map(|e| {
            let (di, dj) = candidate
                .site
                .transform
                .apply(i32::from(e.offset.di), i32::from(e.offset.dj));
            Point::new(
                (i32::from(anchor.i) + di) as u8,
                (i32::from(anchor.j) + dj) as u8,
            )
        })
        .collect()
}

/// Which colour's stone stands at `p`, relative to the player: `Some(true)`
/// own, `Some(false)` opponent, `None` empty; `Err` when the context cannot
/// see the board.
fn stone_at(ctx: &mut dyn Context, p: Point) -> Result<Option<bool>, LayerSet> {
    let own = ask(ctx, Autohelper::OSomewhere, |c| c.o_somewhere(&[p]));
    let opponent = ask(ctx, Autohelper::XSomewhere, |c| c.x_somewhere(&[p]));
    match (own.truth(), opponent.truth()) {
        (Some(true), _) => Ok(Some(true)),
        (_, Some(true)) => Ok(Some(false)),
        (Some(false), Some(false)) => Ok(None),
        _ => Err(own.needs().union(opponent.needs())),
    }
}

/// GNU Go's dragon status codes (`DEAD`, `ALIVE`, `CRITICAL`, `UNKNOWN`)
/// as the `status` autohelper returns them.
fn dragon_status(code: i32) -> DragonStatus {
    match code {
        0 => DragonStatus::Dead,
        1 => DragonStatus::Alive,
        2 => DragonStatus::Critical,
        _ => DragonStatus::Unknown,
    }
}

/// The matcher's class test (table 2.2) over the pattern's stones; `None`
/// when the class has none of `O o X x` or there is no element list.
fn class_test(ctx: &mut dyn Context, candidate: &Candidate<'_>) -> Option<Outcome> {
    let class = candidate.pattern.class;
    if class.0 & PatternClass::STATUS_BITS == 0 || candidate.anchor.is_none() {
        return None;
    }
    let mut total = Outcome::Pass;
    for p in element_points(candidate) {
        let own = match stone_at(ctx, p) {
            Ok(Some(own)) => own,
            Ok(None) => continue,
            Err(needs) => {
                total = total.and(Outcome::Unknown(needs));
                continue;
            }
        };
        // A status that could reject this stone's match at all?
        let could_reject = class_can_reject(class, own);
        if !could_reject {
            continue;
        }
        let status = ask(ctx, Autohelper::Status, |c| c.status(p));
        let outcome = match status.to_int() {
            Some(code) if class_rejects(class, own, dragon_status(code)) => Outcome::Fail,
            Some(_) => Outcome::Pass,
            None => Outcome::Unknown(status.needs()),
        };
        total = total.and(outcome);
        if total == Outcome::Fail {
            break;
        }
    }
    Some(total)
}

/// Class `O`: every own stone's string is either not attackable or
/// defended by the move.
fn own_strings_test(ctx: &mut dyn Context, candidate: &Candidate<'_>) -> Option<Outcome> {
    candidate.anchor?;
    let mov = candidate.site.mov;
    let mut total = Outcome::Pass;
    for p in element_points(candidate) {
        match stone_at(ctx, p) {
            Ok(Some(true)) => {}
            Ok(_) => continue,
            Err(needs) => {
                total = total.and(Outcome::Unknown(needs));
                continue;
            }
        }
        let attack = ask(ctx, Autohelper::Attack, |c| c.attack(p));
        let outcome = match attack.truth() {
            Some(false) => Outcome::Pass,
            _ => {
                let defended = ask(ctx, Autohelper::DoesDefend, |c| c.does_defend(mov, p));
                // Fails when attackable and not defended.
                Outcome::from_truth(Tri::or(attack.logical_not(), defended))
            }
        };
        total = total.and(outcome);
        if total == Outcome::Fail {
            break;
        }
    }
    Some(total)
}

/// The constraint's three-valued value (with its tree for interpreted
/// programs); `None` without a constraint.
fn constraint_value(
    ctx: &mut dyn Context,
    candidate: &Candidate<'_>,
    trace: &mut Option<Trace>,
) -> Option<Tri> {
    match candidate.code {
        CodeTable::Interpreted(programs) => {
            let program = programs.get(candidate.index)?.as_ref()?;
            let tree = matcher::constraint::trace_constraint(program, ctx, candidate.site)?;
            let value = tree.value;
            *trace = Some(tree);
            Some(value)
        }
        generated @ CodeTable::Generated(_) => {
            generated.run_constraint_tri(candidate.index, ctx, candidate.site)
        }
    }
}

/// The layers GNU Go's hand-written shape helpers read
/// (`design/gnugo-engine.md` §1.2): `jump_out[_far]_helper` influence and
/// eye spaces; `thrash_around_helper` and `high_handicap_helper` game state
/// and `lively_dragon_exists`; `reinforce_helper` dragons and safety;
/// `throw_in_atari_helper` tactics. Any other helper is filed under
/// dragons.
pub fn helper_needs(name: &str) -> LayerSet {
    match name {
        "jump_out_helper" | "jump_out_far_helper" => {
            LayerSet::of(Layer::Dragons).with(Layer::Influence)
        }
        "thrash_around_helper" | "high_handicap_helper" => {
            LayerSet::of(Layer::GameState).with(Layer::Dragons)
        }
        "throw_in_atari_helper" => LayerSet::of(Layer::Tactics),
        _ => LayerSet::of(Layer::Dragons),
    }
}

/// The helper stage: a registered helper decides; otherwise the facts
/// below decide where they apply, and the helper is unknown elsewhere.
///
/// - `thrash_around_helper` is false whenever Black is to move (the design
///   notes, §1.4). For White, GNU Go 3.8 answers over GTP showed that it is
///   false as soon as White has a *lively* dragon, one whose status is not
///   dead (a critical one counts), and true with no White stones or with
///   only dead ones, however crowded the board; that needs dragon statuses,
///   so it stays unknown for White.
/// - `high_handicap_helper` (patterns.db's "place more handicap stones
///   while White passes") is false as soon as the opponent has a stone on
///   the board: GNU Go 3.8, asked with `-a -t` on written positions, never
///   proposes an `HH` pattern then, and proposes them whenever the opponent
///   has no stone (none played, or all captured), for either colour and on
///   any board size. With no opponent stone it stays unknown (only the
///   "false" side was needed and checked on real games).
fn helper_outcome<'c>(
    ctx: &mut (dyn Context + 'c),
    candidate: &Candidate<'_>,
    name: &str,
    helpers: Option<&HelperRegistry<dyn Context + 'c>>,
) -> Outcome {
    if let Some(registry) = helpers.filter(|r| r.contains(name)) {
        let call = HelperCall {
            pattern: &candidate.pattern.name,
            anchor: candidate.anchor.unwrap_or(candidate.site.mov),
            site: candidate.site,
        };
        return if registry.accepts(name, ctx, &call) {
            Outcome::Pass
        } else {
            Outcome::Fail
        };
    }
    if name == "thrash_around_helper" && candidate.color == Color::Black {
        return Outcome::Fail;
    }
    if name == "high_handicap_helper"
        && ctx
            .stones_on_board(candidate.color.other())
            .is_some_and(|stones| stones > 0)
    {
        return Outcome::Fail;
    }
    Outcome::Unknown(helper_needs(name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use matcher::autohelper::Autohelper as A;
    use matcher::constraint::board_context::BoardContext;
    use matcher::constraint::test_double::PseudoRandomContext;
    use matcher::constraint::{Arg, BinaryOp, Expr, Function, LabelOffset, Phase, Program};
    use matcher::pattern::{Element, ElementKind, Offset};
    use matcher::transform::Transform;
    use proptest::prelude::*;
    use std::borrow::Cow;

    fn pattern(class: &str, elements: Vec<Element>, helper: Option<&'static str>) -> Pattern {
        let bits = class
            .chars()
            .filter_map(PatternClass::bit)
            .fold(0, |acc, b| acc | b);
        Pattern {
            name: Cow::Borrowed("P"),
            elements: Cow::Owned(elements),
            class: PatternClass(bits),
            helper: helper.map(Cow::Borrowed),
            has_move: true,
            move_offset: Offset::ZERO,
            ..Pattern::EMPTY
        }
    }

    fn call(f: A, label: u8) -> Expr {
        Expr::Call(Function::Autohelper(f), vec![Arg::Label(label)])
    }

    fn code(constraint: Option<Expr>, labels: Vec<LabelOffset>) -> CodeTable {
        CodeTable::Interpreted(vec![constraint.map(|constraint| Program {
            labels,
            constraint: Some(constraint),
            action: None,
        })])
    }

    /// A 9×9 board: a black stone at (3,3) with 4 liberties; the corner
    /// (0,0) surrounded by White at (0,1) and (1,0).
    fn board() -> goban::Board {
        let mut board = goban::Board::new(goban::Geometry::square(9).unwrap());
        for (i, j, color) in [
            (3, 3, goban::Color::Black),
            (0, 1, goban::Color::White),
            (1, 0, goban::Color::White),
        ] {
            let v = board.geometry().vertex(goban::Point::new(i, j)).unwrap();
            board.play(color, v);
        }
        board
    }

    fn judge_on_board(pattern: &Pattern, code: &CodeTable, mov: Point, color: Color) -> Judgement {
        let board = board();
        let mut ctx = BoardContext::from_goban(Cow::Borrowed(&board), color);
        let candidate = Candidate {
            pattern,
            index: 0,
            code,
            anchor: Some(mov),
            site: Site::new(Transform::IDENTITY, mov),
            color,
        };
        judge(&mut ctx, &candidate, ShapeRules::SHAPES, None)
    }

    const STONE_LABEL: LabelOffset = LabelOffset {
        name: 'a',
        di: -1,
        dj: 0,
    };

    #[test]
    fn a_known_constraint_rejects_whatever_the_unknown_stages_say() {
        // Move (4,3) under the black stone; element and label `a` at (3,3).
        let p = pattern("O", vec![Element::new(-1, 0, ElementKind::Own)], None);
        let gt = |n| {
            Expr::Binary(
                BinaryOp::Gt,
                Box::new(call(A::Lib, 0)),
                Box::new(Expr::Int(n)),
            )
        };
        let rejected = judge_on_board(
            &p,
            &code(Some(gt(5)), vec![STONE_LABEL]),
            Point::new(4, 3),
            Color::Black,
        );
        assert_eq!(rejected.verdict, Verdict::Rejected);
        assert_eq!(rejected.stage, Stage::Constraint);
        let stages: Vec<Stage> = rejected.stages.iter().map(|s| s.stage).collect();
        assert_eq!(
            stages,
            [
                Stage::Class,
                Stage::OwnStrings,
                Stage::SafeMove,
                Stage::Constraint
            ]
        );
        assert_eq!(
            rejected.stages[0].outcome,
            Outcome::Unknown(LayerSet::of(Layer::Dragons))
        );
        let trace = rejected.trace.expect("interpreted constraints are traced");
        assert_eq!(trace.value, Tri::int(0));
        assert_eq!(trace.calls()[0].value, Tri::int(4));

        let undecided = judge_on_board(
            &p,
            &code(Some(gt(3)), vec![STONE_LABEL]),
            Point::new(4, 3),
            Color::Black,
        );
        assert_eq!(undecided.verdict, Verdict::Undecided);
        assert_eq!(undecided.stage, Stage::Class);
        assert_eq!(undecided.needs.names(), ["tactics", "dragons"]);
        assert_eq!(undecided.constraint, Some(Tri::int(1)));
    }

    #[test]
    fn class_s_needs_only_legality() {
        let p = pattern("s", vec![], None);
        let none = code(None, vec![]);
        // Black at (0,0) is suicide: rejected by the board alone.
        let illegal = judge_on_board(&p, &none, Point::new(0, 0), Color::Black);
        assert_eq!(
            (illegal.verdict, illegal.stage),
            (Verdict::Rejected, Stage::SafeMove)
        );
        let legal = judge_on_board(&p, &none, Point::new(5, 5), Color::Black);
        assert_eq!(
            (legal.verdict, legal.stage),
            (Verdict::Accepted, Stage::SafeMove)
        );
        // Without `s` the safety check needs tactics.
        let plain = judge_on_board(
            &pattern("", vec![], None),
            &none,
            Point::new(5, 5),
            Color::Black,
        );
        assert_eq!(plain.verdict, Verdict::Undecided);
        assert_eq!(plain.needs, LayerSet::of(Layer::Tactics));
    }

    #[test]
    fn thrash_around_is_false_for_black_and_unknown_for_white() {
        let p = pattern("s", vec![], Some("thrash_around_helper"));
        let none = code(None, vec![]);
        let black = judge_on_board(&p, &none, Point::new(5, 5), Color::Black);
        assert_eq!(
            (black.verdict, black.stage),
            (Verdict::Rejected, Stage::Helper)
        );
        let white = judge_on_board(&p, &none, Point::new(5, 5), Color::White);
        assert_eq!(white.verdict, Verdict::Undecided);
        assert_eq!(white.needs.names(), ["dragons", "game-state"]);
        // A registered helper decides.
        let board = board();
        let mut ctx = BoardContext::from_goban(Cow::Borrowed(&board), Color::White);
        let mut registry: HelperRegistry<dyn Context + '_> = HelperRegistry::new();
        registry.register("thrash_around_helper", |_, _| true);
        let candidate = Candidate {
            pattern: &p,
            index: 0,
            code: &none,
            anchor: Some(Point::new(5, 5)),
            site: Site::new(Transform::IDENTITY, Point::new(5, 5)),
            color: Color::White,
        };
        let decided = judge(&mut ctx, &candidate, ShapeRules::SHAPES, Some(&registry));
        assert_eq!(decided.verdict, Verdict::Accepted);
    }

    #[test]
    fn high_handicap_is_false_once_the_opponent_has_a_stone() {
        let p = pattern("s", vec![], Some("high_handicap_helper"));
        let none = code(None, vec![]);
        // Both colours have stones: false for either player.
        for color in [Color::Black, Color::White] {
            let j = judge_on_board(&p, &none, Point::new(5, 5), color);
            assert_eq!((j.verdict, j.stage), (Verdict::Rejected, Stage::Helper));
        }
        // Only Black stones: false for White (the opponent has stones),
        // unknown for Black.
        let mut board = goban::Board::new(goban::Geometry::square(9).unwrap());
        board.play(
            goban::Color::Black,
            board.geometry().vertex(goban::Point::new(2, 2)).unwrap(),
        );
        let candidate = |color| Candidate {
            pattern: &p,
            index: 0,
            code: &none,
            anchor: Some(Point::new(5, 5)),
            site: Site::new(Transform::IDENTITY, Point::new(5, 5)),
            color,
        };
        for (color, verdict) in [
            (Color::White, Verdict::Rejected),
            (Color::Black, Verdict::Undecided),
        ] {
            let mut ctx = BoardContext::from_goban(Cow::Borrowed(&board), color);
            let j = judge(&mut ctx, &candidate(color), ShapeRules::SHAPES, None);
            assert_eq!(j.verdict, verdict, "{color:?}");
        }
        // A context that cannot count stones leaves it unknown.
        let mut ctx = PseudoRandomContext::new(7);
        let outcome = helper_outcome(
            &mut ctx,
            &candidate(Color::White),
            "high_handicap_helper",
            None,
        );
        assert!(matches!(outcome, Outcome::Unknown(_)), "{outcome:?}");
    }

    #[test]
    fn the_joseki_corner_callback_skips_class_and_safety() {
        let p = pattern("On", vec![Element::new(-1, 0, ElementKind::Own)], None);
        let none = code(None, vec![]);
        let board = board();
        let mut ctx = BoardContext::from_goban(Cow::Borrowed(&board), Color::Black);
        let candidate = Candidate {
            pattern: &p,
            index: 0,
            code: &none,
            anchor: None,
            site: Site::new(Transform::IDENTITY, Point::new(0, 0)),
            color: Color::Black,
        };
        let j = judge(&mut ctx, &candidate, ShapeRules::JOSEKI_CORNER, None);
        assert_eq!((j.verdict, j.stage), (Verdict::Accepted, Stage::Match));
        assert!(j.stages.is_empty());
    }

    /// The plain two-valued shapes check: every question asked, GNU Go's
    /// order, no short cuts. The reference for the proptest below.
    fn reference(ctx: &mut dyn Context, c: &Candidate<'_>) -> bool {
        let class = c.pattern.class;
        let mov = c.site.mov;
        let points = element_points(c);
        let own = |ctx: &mut dyn Context, p| {
            if ctx.o_somewhere(&[p]) != 0 {
                Some(true)
            } else if ctx.x_somewhere(&[p]) != 0 {
                Some(false)
            } else {
                None
            }
        };
        for &p in &points {
            if let Some(is_own) = own(ctx, p) {
                let rejects_some = class_can_reject(class, is_own);
                if class.0 & PatternClass::STATUS_BITS != 0
                    && rejects_some
                    && class_rejects(class, is_own, dragon_status(ctx.status(p)))
                {
                    return false;
                }
            }
        }
        if class.has('O') {
            for &p in &points {
                if own(ctx, p) == Some(true) && ctx.attack(p) != 0 && ctx.does_defend(mov, p) == 0 {
                    return false;
                }
            }
        }
        let safe = if class.has('s') {
            ctx.legal_omove(mov) != 0
        } else {
            ctx.safe_omove(mov) == WIN
        };
        if !safe || (class.has('n') && ctx.safe_xmove(mov) == 0) {
            return false;
        }
        c.code
            .run(c.index, ctx, c.site, Phase::Constraint)
            .is_none_or(|v| v != 0)
    }

    fn element() -> impl Strategy<Value = Element> {
        (-2i8..3, -2i8..3, 0usize..5)
            .prop_map(|(di, dj, k)| Element::new(di, dj, ElementKind::ALL[k]))
    }

    fn constraint() -> impl Strategy<Value = Option<Expr>> {
        let functions = [
            A::Lib,
            A::Attack,
            A::Dead,
            A::Weak,
            A::SafeXmove,
            A::Wormsize,
        ];
        prop::option::of((0usize..6, 0usize..6, prop::bool::ANY, 0i32..4).prop_map(
            move |(f, g, and, n)| {
                let cmp = Expr::Binary(
                    BinaryOp::Gt,
                    Box::new(call(functions[f], 0)),
                    Box::new(Expr::Int(n)),
                );
                let op = if and { BinaryOp::And } else { BinaryOp::Or };
                Expr::Binary(op, Box::new(cmp), Box::new(call(functions[g], 1)))
            },
        ))
    }

    proptest! {
        /// Three-valued never contradicts two-valued: a decided verdict is
        /// the plain check's answer for every completion of the questions
        /// the context does not answer; with every layer, nothing is
        /// undecided.
        #[test]
        fn decided_verdicts_agree_with_every_completion(
            class in prop::sample::subsequence(vec!["O", "o", "X", "x", "s", "n"], 0..4),
            elements in prop::collection::vec(element(), 0..5),
            constraint in constraint(),
            seed in 0u64..10_000,
            bits in 0u8..=255,
        ) {
            let p = pattern(&class.concat(), elements, None);
            let labels = vec![STONE_LABEL, LabelOffset { name: 'b', di: 1, dj: 1 }];
            let code = code(constraint, labels);
            let candidate = Candidate {
                pattern: &p,
                index: 0,
                code: &code,
                anchor: Some(Point::new(6, 6)),
                site: Site::new(Transform::new((seed % 8) as u8).unwrap(), Point::new(6, 6)),
                color: Color::Black,
            };
            let layers = LayerSet::from_bits(bits);
            let partial = judge(
                &mut PseudoRandomContext::new(seed).with_layers(layers),
                &candidate,
                ShapeRules::SHAPES,
                None,
            );
            for completion in 0..4 {
                let mut ctx = PseudoRandomContext::new(seed)
                    .with_layers(layers)
                    .with_completion(completion);
                let truth = reference(&mut ctx, &candidate);
                match partial.verdict {
                    Verdict::Accepted => prop_assert!(truth),
                    Verdict::Rejected => prop_assert!(!truth),
                    Verdict::Undecided => prop_assert!(!partial.needs.is_empty()),
                }
            }
            let full = judge(&mut PseudoRandomContext::new(seed), &candidate, ShapeRules::SHAPES, None);
            prop_assert_ne!(full.verdict, Verdict::Undecided);
            let truth = reference(&mut PseudoRandomContext::new(seed), &candidate);
            prop_assert_eq!(full.verdict == Verdict::Accepted, truth);
        }
    }
}
