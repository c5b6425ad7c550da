//! Calls a catalogue function on a [`Context`] from evaluated arguments: the
//! interpreter's counterpart of the method calls generated code makes.

use super::value::Value;
use crate::autohelper::{Autohelper, EngineBuiltin};
use crate::context::{Context, Point};

/// Calls `function` with the move list `moves` (play-sequence family only)
/// and the remaining points `targets` (the fixed arguments, the targets of a
/// play-sequence call, or the point list of `*_somewhere`).
///
/// `targets` must hold at least the function's fixed arity (the interpreter
/// pads it); extra entries are ignored.
pub(super) fn call_autohelper(
    ctx: &mut dyn Context,
    function: Autohelper,
    moves: &[Option<Point>],
    targets: &[Point],
) -> Value {
    match function {
        Autohelper::Lib2 => Value::Int(ctx.lib2(targets[0])),
        Autohelper::Lib3 => Value::Int(ctx.lib3(targets[0])),
        Autohelper::Lib4 => Value::Int(ctx.lib4(targets[0])),
        Autohelper::Lib => Value::Int(ctx.lib(targets[0])),
        Autohelper::Alive => Value::Int(ctx.alive(targets[0])),
        Autohelper::Unknown => Value::Int(ctx.unknown(targets[0])),
        Autohelper::Critical => Value::Int(ctx.critical(targets[0])),
        Autohelper::Dead => Value::Int(ctx.dead(targets[0])),
        Autohelper::Status => Value::Int(ctx.status(targets[0])),
        Autohelper::Ko => Value::Int(ctx.ko(targets[0])),
        Autohelper::XdefendAgainst => Value::Int(ctx.xdefend_against(targets[0], targets[1])),
        Autohelper::OdefendAgainst => Value::Int(ctx.odefend_against(targets[0], targets[1])),
        Autohelper::DefendAgainstAtari => {
            ctx.defend_against_atari(targets[0]);
            Value::Int(0)
        }
        Autohelper::DoesDefend => Value::Int(ctx.does_defend(targets[0], targets[1])),
        Autohelper::DoesAttack => Value::Int(ctx.does_attack(targets[0], targets[1])),
        Autohelper::Attack => Value::Int(ctx.attack(targets[0])),
        Autohelper::Defend => Value::Int(ctx.defend(targets[0])),
        Autohelper::Weakness => Value::Float(ctx.weakness(targets[0])),
        Autohelper::Weak => Value::Int(ctx.weak(targets[0])),
        Autohelper::SafeXmove => Value::Int(ctx.safe_xmove(targets[0])),
        Autohelper::SafeOmove => Value::Int(ctx.safe_omove(targets[0])),
        Autohelper::LegalXmove => Value::Int(ctx.legal_xmove(targets[0])),
        Autohelper::LegalOmove => Value::Int(ctx.legal_omove(targets[0])),
        Autohelper::XSuicide => Value::Int(ctx.x_suicide(targets[0])),
        Autohelper::OSuicide => Value::Int(ctx.o_suicide(targets[0])),
        Autohelper::XAliveSomewhere => Value::Int(ctx.x_alive_somewhere(targets)),
        Autohelper::OAliveSomewhere => Value::Int(ctx.o_alive_somewhere(targets)),
        Autohelper::XSomewhere => Value::Int(ctx.x_somewhere(targets)),
        Autohelper::OSomewhere => Value::Int(ctx.o_somewhere(targets)),
        Autohelper::XmoyoOpposite => Value::Int(ctx.xmoyo_opposite(targets[0])),
        Autohelper::OmoyoOpposite => Value::Int(ctx.omoyo_opposite(targets[0])),
        Autohelper::Xmoyo => Value::Int(ctx.xmoyo(targets[0])),
        Autohelper::Omoyo => Value::Int(ctx.omoyo(targets[0])),
        Autohelper::Xarea => Value::Int(ctx.xarea(targets[0])),
        Autohelper::Oarea => Value::Int(ctx.oarea(targets[0])),
        Autohelper::Xterri => Value::Int(ctx.xterri(targets[0])),
        Autohelper::Oterri => Value::Int(ctx.oterri(targets[0])),
        Autohelper::Genus => Value::Int(ctx.genus(targets[0])),
        Autohelper::ApproxXlib => Value::Int(ctx.approx_xlib(targets[0])),
        Autohelper::ApproxOlib => Value::Int(ctx.approx_olib(targets[0])),
        Autohelper::Xlib => Value::Int(ctx.xlib(targets[0])),
        Autohelper::Olib => Value::Int(ctx.olib(targets[0])),
        Autohelper::Xcut => Value::Int(ctx.xcut(targets[0])),
        Autohelper::Ocut => Value::Int(ctx.ocut(targets[0])),
        Autohelper::EdgeDoubleSente => {
            Value::Int(ctx.edge_double_sente(moves, targets[0], targets[1], targets[2], targets[3]))
        }
        Autohelper::XplayDefendBoth => {
            Value::Int(ctx.xplay_defend_both(moves, targets[0], targets[1]))
        }
        Autohelper::OplayDefendBoth => {
            Value::Int(ctx.oplay_defend_both(moves, targets[0], targets[1]))
        }
        Autohelper::XplayAttackEither => {
            Value::Int(ctx.xplay_attack_either(moves, targets[0], targets[1]))
        }
        Autohelper::OplayAttackEither => {
            Value::Int(ctx.oplay_attack_either(moves, targets[0], targets[1]))
        }
        Autohelper::XplayDefend => Value::Int(ctx.xplay_defend(moves, targets[0])),
        Autohelper::OplayDefend => Value::Int(ctx.oplay_defend(moves, targets[0])),
        Autohelper::XplayAttack => Value::Int(ctx.xplay_attack(moves, targets[0])),
        Autohelper::OplayAttack => Value::Int(ctx.oplay_attack(moves, targets[0])),
        Autohelper::XplayBreakThrough => {
            Value::Int(ctx.xplay_break_through(moves, targets[0], targets[1], targets[2]))
        }
        Autohelper::OplayBreakThrough => {
            Value::Int(ctx.oplay_break_through(moves, targets[0], targets[1], targets[2]))
        }
        Autohelper::OplayConnect => Value::Int(ctx.oplay_connect(moves, targets[0], targets[1])),
        Autohelper::XplayConnect => Value::Int(ctx.xplay_connect(moves, targets[0], targets[1])),
        Autohelper::OplayDisconnect => {
            Value::Int(ctx.oplay_disconnect(moves, targets[0], targets[1]))
        }
        Autohelper::XplayDisconnect => {
            Value::Int(ctx.xplay_disconnect(moves, targets[0], targets[1]))
        }
        Autohelper::OplayLib => Value::Int(ctx.oplay_lib(moves, targets[0])),
        Autohelper::XplayLib => Value::Int(ctx.xplay_lib(moves, targets[0])),
        Autohelper::SekiHelper => Value::Int(ctx.seki_helper(targets[0])),
        Autohelper::ThreatenToSave => {
            ctx.threaten_to_save(targets[0]);
            Value::Int(0)
        }
        Autohelper::ThreatenToCapture => {
            ctx.threaten_to_capture(targets[0]);
            Value::Int(0)
        }
        Autohelper::PreventAttackThreat => {
            ctx.prevent_attack_threat(targets[0]);
            Value::Int(0)
        }
        Autohelper::Eye => Value::Int(ctx.eye(targets[0])),
        Autohelper::ProperEye => Value::Int(ctx.proper_eye(targets[0])),
        Autohelper::MarginalEye => Value::Int(ctx.marginal_eye(targets[0])),
        Autohelper::Halfeye => Value::Int(ctx.halfeye(targets[0])),
        Autohelper::MaxEyeValue => Value::Int(ctx.max_eye_value(targets[0])),
        Autohelper::OwlTopologicalEye => {
            Value::Int(ctx.owl_topological_eye(targets[0], targets[1]))
        }
        Autohelper::ObviousFalseOeye => Value::Int(ctx.obvious_false_oeye(targets[0])),
        Autohelper::ObviousFalseXeye => Value::Int(ctx.obvious_false_xeye(targets[0])),
        Autohelper::Antisuji => {
            ctx.antisuji(targets[0]);
            Value::Int(0)
        }
        Autohelper::AddConnectMove => {
            ctx.add_connect_move(targets[0], targets[1]);
            Value::Int(0)
        }
        Autohelper::AddCutMove => {
            ctx.add_cut_move(targets[0], targets[1]);
            Value::Int(0)
        }
        Autohelper::TestAttackEitherMove => {
            ctx.test_attack_either_move(targets[0], targets[1]);
            Value::Int(0)
        }
        Autohelper::AddDefendBothMove => {
            ctx.add_defend_both_move(targets[0], targets[1]);
            Value::Int(0)
        }
        Autohelper::SameDragon => Value::Int(ctx.same_dragon(targets[0], targets[1])),
        Autohelper::SameString => Value::Int(ctx.same_string(targets[0], targets[1])),
        Autohelper::Dragonsize => Value::Int(ctx.dragonsize(targets[0])),
        Autohelper::Wormsize => Value::Int(ctx.wormsize(targets[0])),
        Autohelper::EffectiveSize => Value::Float(ctx.effective_size(targets[0])),
        Autohelper::VitalChain => Value::Int(ctx.vital_chain(targets[0])),
        Autohelper::PotentialCutstone => Value::Int(ctx.potential_cutstone(targets[0])),
        Autohelper::AmalgamateMostValuableHelper => {
            ctx.amalgamate_most_valuable_helper(targets[0], targets[1], targets[2]);
            Value::Int(0)
        }
        Autohelper::Amalgamate => {
            ctx.amalgamate(targets[0], targets[1]);
            Value::Int(0)
        }
        Autohelper::OwlEscapeValue => Value::Int(ctx.owl_escape_value(targets[0])),
        Autohelper::OwlGoalDragon => Value::Int(ctx.owl_goal_dragon(targets[0])),
        Autohelper::OwlEyespace => Value::Int(ctx.owl_eyespace(targets[0])),
        Autohelper::OwlBigEyespace => Value::Int(ctx.owl_big_eyespace(targets[0])),
        Autohelper::OwlMineye => Value::Int(ctx.owl_mineye(targets[0])),
        Autohelper::OwlMaxeye => Value::Int(ctx.owl_maxeye(targets[0])),
        Autohelper::OwlProperEye => Value::Int(ctx.owl_proper_eye(targets[0])),
        Autohelper::OwlEyeSize => Value::Int(ctx.owl_eye_size(targets[0])),
        Autohelper::OwlLunch => Value::Int(ctx.owl_lunch(targets[0])),
        Autohelper::OwlStrongDragon => Value::Int(ctx.owl_strong_dragon(targets[0])),
        Autohelper::HasAji => Value::Int(ctx.has_aji(targets[0])),
        Autohelper::FinishKoHelper => Value::Int(ctx.finish_ko_helper(targets[0])),
        Autohelper::SqueezeKoHelper => Value::Int(ctx.squeeze_ko_helper(targets[0])),
        Autohelper::BackfillHelper => {
            Value::Int(ctx.backfill_helper(targets[0], targets[1], targets[2]))
        }
        Autohelper::ConnectAndCutHelper2 => {
            Value::Int(ctx.connect_and_cut_helper2(targets[0], targets[1], targets[2]))
        }
        Autohelper::ConnectAndCutHelper => {
            Value::Int(ctx.connect_and_cut_helper(targets[0], targets[1], targets[2]))
        }
        Autohelper::OwlThreatens => Value::Int(ctx.owl_threatens(targets[0], targets[1])),
        Autohelper::Replace => {
            ctx.replace(targets[0], targets[1]);
            Value::Int(0)
        }
        Autohelper::BackfillReplace => {
            ctx.backfill_replace(targets[0], targets[1]);
            Value::Int(0)
        }
        Autohelper::NonOterritory => {
            ctx.non_oterritory(targets[0]);
            Value::Int(0)
        }
        Autohelper::NonXterritory => {
            ctx.non_xterritory(targets[0]);
            Value::Int(0)
        }
        Autohelper::RemainingHandicapStones => Value::Int(ctx.remaining_handicap_stones()),
        Autohelper::TotalHandicapStones => Value::Int(ctx.total_handicap_stones()),
        Autohelper::OCapturesSomething => Value::Int(ctx.o_captures_something(targets[0])),
        Autohelper::XCapturesSomething => Value::Int(ctx.x_captures_something(targets[0])),
        Autohelper::FalseEyeTerritory => Value::Int(ctx.false_eye_territory(targets[0])),
        Autohelper::FalseEye => Value::Int(ctx.false_eye(targets[0])),
        Autohelper::OVisibleAlongEdge => {
            Value::Int(ctx.o_visible_along_edge(targets[0], targets[1]))
        }
        Autohelper::XVisibleAlongEdge => {
            Value::Int(ctx.x_visible_along_edge(targets[0], targets[1]))
        }
        Autohelper::IsSurrounded => Value::Int(ctx.is_surrounded(targets[0])),
        Autohelper::DoesSurround => Value::Int(ctx.does_surround(targets[0], targets[1])),
        Autohelper::SurroundMap => Value::Int(ctx.surround_map(targets[0], targets[1])),
        Autohelper::OracleThreatens => Value::Int(ctx.oracle_threatens(targets[0], targets[1])),
        Autohelper::Value => Value::Float(ctx.value()),
        Autohelper::AdjacentToStoneInAtari => {
            Value::Int(ctx.adjacent_to_stone_in_atari(targets[0]))
        }
        Autohelper::AdjacentToDefendableStoneInAtari => {
            Value::Int(ctx.adjacent_to_defendable_stone_in_atari(targets[0]))
        }
        Autohelper::GoodAttackThreat => {
            ctx.good_attack_threat(targets[0], targets[1]);
            Value::Int(0)
        }
        Autohelper::KnownSafeMove => Value::Int(ctx.known_safe_move(targets[0])),
        Autohelper::BreakMirrorHelper => Value::Int(ctx.break_mirror_helper(targets[0])),
    }
}

/// Calls an engine builtin with its label points.
pub(super) fn call_builtin(
    ctx: &mut dyn Context,
    builtin: EngineBuiltin,
    targets: &[Point],
) -> Value {
    Value::Int(match builtin {
        EngineBuiltin::DisconnectHelper => ctx.disconnect_helper(targets[0], targets[1]),
        EngineBuiltin::DistrustTacticsHelper => ctx.distrust_tactics_helper(targets[0]),
        EngineBuiltin::BentFourHelper => ctx.bent_four_helper(targets[0]),
        EngineBuiltin::Cutstone => ctx.cutstone(targets[0]),
    })
}
