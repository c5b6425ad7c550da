//! The autohelper catalogue: every function a constraint or action may call,
//! in GNU Go 3.8's table order (which decides prefix matching in the
//! tokeniser), with its argument kind, cost estimate and domain.
//!
//! This table is shared by the compiler (checking and code generation) and by
//! the runtime (the `Context` interface and the constraint interpreter).

/// How a function takes its arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArgKind {
    /// Exactly this many label arguments (0 to 4). Zero-argument functions may
    /// be written without parentheses.
    Fixed(u8),
    /// Any number of move labels followed by exactly `targets` target labels,
    /// at most 20 in all (the `xplay_*`/`oplay_*` family and `*_somewhere`).
    Variadic {
        /// Number of trailing target labels (the minimum arity).
        targets: u8,
    },
    /// The pattern's own value; no arguments, parentheses optional.
    PatternValue,
}

/// What part of the engine a function reads or changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Domain {
    /// Worm (string) and liberty data.
    String,
    /// Static dragon analysis.
    Dragon,
    /// Ko detection.
    Ko,
    /// Tactical reading.
    Reading,
    /// Side effects on move reasons, dragons or influence (used in actions).
    Action,
    /// Legality and one-move capturability.
    Safety,
    /// Presence of stones.
    Stones,
    /// Influence, territory and moyo maps.
    Influence,
    /// Connection reading and cut points.
    Connection,
    /// Static eye analysis.
    EyeSpace,
    /// The running owl (life and death) search.
    Owl,
    /// Free handicap placement.
    Handicap,
    /// The pattern itself.
    Pattern,
    /// Anything else.
    Misc,
}

/// One entry of the catalogue.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AutohelperSpec {
    /// The function, as an enum value.
    pub id: Autohelper,
    /// Its name in constraint text.
    pub name: &'static str,
    /// Argument convention.
    pub args: ArgKind,
    /// GNU Go's cost estimate, summed (with decay) into a pattern's constraint cost.
    pub cost: f64,
    /// What it reads or changes.
    pub domain: Domain,
    /// Whether GNU Go 3.8 can actually use it (three entries never compile there).
    pub usable: bool,
}

/// Every catalogue function, in table order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Autohelper {
    /// `lib2`
    Lib2,
    /// `lib3`
    Lib3,
    /// `lib4`
    Lib4,
    /// `lib`
    Lib,
    /// `alive`
    Alive,
    /// `unknown`
    Unknown,
    /// `critical`
    Critical,
    /// `dead`
    Dead,
    /// `status`
    Status,
    /// `ko`
    Ko,
    /// `xdefend_against`
    XdefendAgainst,
    /// `odefend_against`
    OdefendAgainst,
    /// `defend_against_atari`
    DefendAgainstAtari,
    /// `does_defend`
    DoesDefend,
    /// `does_attack`
    DoesAttack,
    /// `attack`
    Attack,
    /// `defend`
    Defend,
    /// `weakness`
    Weakness,
    /// `weak`
    Weak,
    /// `safe_xmove`
    SafeXmove,
    /// `safe_omove`
    SafeOmove,
    /// `legal_xmove`
    LegalXmove,
    /// `legal_omove`
    LegalOmove,
    /// `x_suicide`
    XSuicide,
    /// `o_suicide`
    OSuicide,
    /// `x_alive_somewhere`
    XAliveSomewhere,
    /// `o_alive_somewhere`
    OAliveSomewhere,
    /// `x_somewhere`
    XSomewhere,
    /// `o_somewhere`
    OSomewhere,
    /// `xmoyo_opposite`
    XmoyoOpposite,
    /// `omoyo_opposite`
    OmoyoOpposite,
    /// `xmoyo`
    Xmoyo,
    /// `omoyo`
    Omoyo,
    /// `xarea`
    Xarea,
    /// `oarea`
    Oarea,
    /// `xterri`
    Xterri,
    /// `oterri`
    Oterri,
    /// `genus`
    Genus,
    /// `approx_xlib`
    ApproxXlib,
    /// `approx_olib`
    ApproxOlib,
    /// `xlib`
    Xlib,
    /// `olib`
    Olib,
    /// `xcut`
    Xcut,
    /// `ocut`
    Ocut,
    /// `edge_double_sente`
    EdgeDoubleSente,
    /// `xplay_defend_both`
    XplayDefendBoth,
    /// `oplay_defend_both`
    OplayDefendBoth,
    /// `xplay_attack_either`
    XplayAttackEither,
    /// `oplay_attack_either`
    OplayAttackEither,
    /// `xplay_defend`
    XplayDefend,
    /// `oplay_defend`
    OplayDefend,
    /// `xplay_attack`
    XplayAttack,
    /// `oplay_attack`
    OplayAttack,
    /// `xplay_break_through`
    XplayBreakThrough,
    /// `oplay_break_through`
    OplayBreakThrough,
    /// `oplay_connect`
    OplayConnect,
    /// `xplay_connect`
    XplayConnect,
    /// `oplay_disconnect`
    OplayDisconnect,
    /// `xplay_disconnect`
    XplayDisconnect,
    /// `oplay_lib`
    OplayLib,
    /// `xplay_lib`
    XplayLib,
    /// `seki_helper`
    SekiHelper,
    /// `threaten_to_save`
    ThreatenToSave,
    /// `threaten_to_capture`
    ThreatenToCapture,
    /// `prevent_attack_threat`
    PreventAttackThreat,
    /// `eye`
    Eye,
    /// `proper_eye`
    ProperEye,
    /// `marginal_eye`
    MarginalEye,
    /// `halfeye`
    Halfeye,
    /// `max_eye_value`
    MaxEyeValue,
    /// `owl_topological_eye`
    OwlTopologicalEye,
    /// `obvious_false_oeye`
    ObviousFalseOeye,
    /// `obvious_false_xeye`
    ObviousFalseXeye,
    /// `antisuji`
    Antisuji,
    /// `add_connect_move`
    AddConnectMove,
    /// `add_cut_move`
    AddCutMove,
    /// `test_attack_either_move`
    TestAttackEitherMove,
    /// `add_defend_both_move`
    AddDefendBothMove,
    /// `same_dragon`
    SameDragon,
    /// `same_string`
    SameString,
    /// `dragonsize`
    Dragonsize,
    /// `wormsize`
    Wormsize,
    /// `effective_size`
    EffectiveSize,
    /// `vital_chain`
    VitalChain,
    /// `potential_cutstone`
    PotentialCutstone,
    /// `amalgamate_most_valuable_helper`
    AmalgamateMostValuableHelper,
    /// `amalgamate`
    Amalgamate,
    /// `owl_escape_value`
    OwlEscapeValue,
    /// `owl_goal_dragon`
    OwlGoalDragon,
    /// `owl_eyespace`
    OwlEyespace,
    /// `owl_big_eyespace`
    OwlBigEyespace,
    /// `owl_mineye`
    OwlMineye,
    /// `owl_maxeye`
    OwlMaxeye,
    /// `owl_proper_eye`
    OwlProperEye,
    /// `owl_eye_size`
    OwlEyeSize,
    /// `owl_lunch`
    OwlLunch,
    /// `owl_strong_dragon`
    OwlStrongDragon,
    /// `has_aji`
    HasAji,
    /// `finish_ko_helper`
    FinishKoHelper,
    /// `squeeze_ko_helper`
    SqueezeKoHelper,
    /// `backfill_helper`
    BackfillHelper,
    /// `connect_and_cut_helper2`
    ConnectAndCutHelper2,
    /// `connect_and_cut_helper`
    ConnectAndCutHelper,
    /// `owl_threatens`
    OwlThreatens,
    /// `replace`
    Replace,
    /// `backfill_replace`
    BackfillReplace,
    /// `non_oterritory`
    NonOterritory,
    /// `non_xterritory`
    NonXterritory,
    /// `remaining_handicap_stones`
    RemainingHandicapStones,
    /// `total_handicap_stones`
    TotalHandicapStones,
    /// `o_captures_something`
    OCapturesSomething,
    /// `x_captures_something`
    XCapturesSomething,
    /// `false_eye_territory`
    FalseEyeTerritory,
    /// `false_eye`
    FalseEye,
    /// `o_visible_along_edge`
    OVisibleAlongEdge,
    /// `x_visible_along_edge`
    XVisibleAlongEdge,
    /// `is_surrounded`
    IsSurrounded,
    /// `does_surround`
    DoesSurround,
    /// `surround_map`
    SurroundMap,
    /// `oracle_threatens`
    OracleThreatens,
    /// `value`
    Value,
    /// `adjacent_to_stone_in_atari`
    AdjacentToStoneInAtari,
    /// `adjacent_to_defendable_stone_in_atari`
    AdjacentToDefendableStoneInAtari,
    /// `good_attack_threat`
    GoodAttackThreat,
    /// `known_safe_move`
    KnownSafeMove,
    /// `break_mirror_helper`
    BreakMirrorHelper,
}

/// The catalogue in table order; `CATALOGUE[id as usize].id == id`.
pub const CATALOGUE: [AutohelperSpec; 126] = [
    AutohelperSpec {
        id: Autohelper::Lib2,
        name: "lib2",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::String,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Lib3,
        name: "lib3",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::String,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Lib4,
        name: "lib4",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::String,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Lib,
        name: "lib",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::String,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Alive,
        name: "alive",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Dragon,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Unknown,
        name: "unknown",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Dragon,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Critical,
        name: "critical",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Dragon,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Dead,
        name: "dead",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Dragon,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Status,
        name: "status",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Dragon,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Ko,
        name: "ko",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Ko,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::XdefendAgainst,
        name: "xdefend_against",
        args: ArgKind::Fixed(2),
        cost: 1.0,
        domain: Domain::Reading,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OdefendAgainst,
        name: "odefend_against",
        args: ArgKind::Fixed(2),
        cost: 1.0,
        domain: Domain::Reading,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::DefendAgainstAtari,
        name: "defend_against_atari",
        args: ArgKind::Fixed(1),
        cost: 1.0,
        domain: Domain::Action,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::DoesDefend,
        name: "does_defend",
        args: ArgKind::Fixed(2),
        cost: 1.0,
        domain: Domain::Reading,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::DoesAttack,
        name: "does_attack",
        args: ArgKind::Fixed(2),
        cost: 1.0,
        domain: Domain::Reading,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Attack,
        name: "attack",
        args: ArgKind::Fixed(1),
        cost: 1.0,
        domain: Domain::Reading,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Defend,
        name: "defend",
        args: ArgKind::Fixed(1),
        cost: 1.0,
        domain: Domain::Reading,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Weakness,
        name: "weakness",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Dragon,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Weak,
        name: "weak",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Dragon,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::SafeXmove,
        name: "safe_xmove",
        args: ArgKind::Fixed(1),
        cost: 1.0,
        domain: Domain::Safety,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::SafeOmove,
        name: "safe_omove",
        args: ArgKind::Fixed(1),
        cost: 1.0,
        domain: Domain::Safety,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::LegalXmove,
        name: "legal_xmove",
        args: ArgKind::Fixed(1),
        cost: 0.05,
        domain: Domain::Safety,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::LegalOmove,
        name: "legal_omove",
        args: ArgKind::Fixed(1),
        cost: 0.05,
        domain: Domain::Safety,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::XSuicide,
        name: "x_suicide",
        args: ArgKind::Fixed(1),
        cost: 0.05,
        domain: Domain::Safety,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OSuicide,
        name: "o_suicide",
        args: ArgKind::Fixed(1),
        cost: 0.05,
        domain: Domain::Safety,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::XAliveSomewhere,
        name: "x_alive_somewhere",
        args: ArgKind::Variadic { targets: 0 },
        cost: 0.01,
        domain: Domain::Stones,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OAliveSomewhere,
        name: "o_alive_somewhere",
        args: ArgKind::Variadic { targets: 0 },
        cost: 0.01,
        domain: Domain::Stones,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::XSomewhere,
        name: "x_somewhere",
        args: ArgKind::Variadic { targets: 0 },
        cost: 0.01,
        domain: Domain::Stones,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OSomewhere,
        name: "o_somewhere",
        args: ArgKind::Variadic { targets: 0 },
        cost: 0.01,
        domain: Domain::Stones,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::XmoyoOpposite,
        name: "xmoyo_opposite",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Influence,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OmoyoOpposite,
        name: "omoyo_opposite",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Influence,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Xmoyo,
        name: "xmoyo",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Influence,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Omoyo,
        name: "omoyo",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Influence,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Xarea,
        name: "xarea",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Influence,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Oarea,
        name: "oarea",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Influence,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Xterri,
        name: "xterri",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Influence,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Oterri,
        name: "oterri",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Influence,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Genus,
        name: "genus",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Dragon,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::ApproxXlib,
        name: "approx_xlib",
        args: ArgKind::Fixed(1),
        cost: 0.03,
        domain: Domain::String,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::ApproxOlib,
        name: "approx_olib",
        args: ArgKind::Fixed(1),
        cost: 0.03,
        domain: Domain::String,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Xlib,
        name: "xlib",
        args: ArgKind::Fixed(1),
        cost: 0.05,
        domain: Domain::String,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Olib,
        name: "olib",
        args: ArgKind::Fixed(1),
        cost: 0.05,
        domain: Domain::String,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Xcut,
        name: "xcut",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Connection,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Ocut,
        name: "ocut",
        args: ArgKind::Fixed(1),
        cost: 0.05,
        domain: Domain::Connection,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::EdgeDoubleSente,
        name: "edge_double_sente",
        args: ArgKind::Variadic { targets: 4 },
        cost: 3.0,
        domain: Domain::Reading,
        usable: false,
    },
    AutohelperSpec {
        id: Autohelper::XplayDefendBoth,
        name: "xplay_defend_both",
        args: ArgKind::Variadic { targets: 2 },
        cost: 3.0,
        domain: Domain::Reading,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OplayDefendBoth,
        name: "oplay_defend_both",
        args: ArgKind::Variadic { targets: 2 },
        cost: 3.0,
        domain: Domain::Reading,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::XplayAttackEither,
        name: "xplay_attack_either",
        args: ArgKind::Variadic { targets: 2 },
        cost: 3.0,
        domain: Domain::Reading,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OplayAttackEither,
        name: "oplay_attack_either",
        args: ArgKind::Variadic { targets: 2 },
        cost: 3.0,
        domain: Domain::Reading,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::XplayDefend,
        name: "xplay_defend",
        args: ArgKind::Variadic { targets: 1 },
        cost: 1.0,
        domain: Domain::Reading,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OplayDefend,
        name: "oplay_defend",
        args: ArgKind::Variadic { targets: 1 },
        cost: 1.0,
        domain: Domain::Reading,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::XplayAttack,
        name: "xplay_attack",
        args: ArgKind::Variadic { targets: 1 },
        cost: 1.0,
        domain: Domain::Reading,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OplayAttack,
        name: "oplay_attack",
        args: ArgKind::Variadic { targets: 1 },
        cost: 1.0,
        domain: Domain::Reading,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::XplayBreakThrough,
        name: "xplay_break_through",
        args: ArgKind::Variadic { targets: 3 },
        cost: 5.0,
        domain: Domain::Reading,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OplayBreakThrough,
        name: "oplay_break_through",
        args: ArgKind::Variadic { targets: 3 },
        cost: 5.0,
        domain: Domain::Reading,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OplayConnect,
        name: "oplay_connect",
        args: ArgKind::Variadic { targets: 2 },
        cost: 10.0,
        domain: Domain::Connection,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::XplayConnect,
        name: "xplay_connect",
        args: ArgKind::Variadic { targets: 2 },
        cost: 10.0,
        domain: Domain::Connection,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OplayDisconnect,
        name: "oplay_disconnect",
        args: ArgKind::Variadic { targets: 2 },
        cost: 10.0,
        domain: Domain::Connection,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::XplayDisconnect,
        name: "xplay_disconnect",
        args: ArgKind::Variadic { targets: 2 },
        cost: 10.0,
        domain: Domain::Connection,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OplayLib,
        name: "oplay_lib",
        args: ArgKind::Variadic { targets: 1 },
        cost: 0.06,
        domain: Domain::String,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::XplayLib,
        name: "xplay_lib",
        args: ArgKind::Variadic { targets: 1 },
        cost: 0.06,
        domain: Domain::String,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::SekiHelper,
        name: "seki_helper",
        args: ArgKind::Fixed(1),
        cost: 0.0,
        domain: Domain::String,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::ThreatenToSave,
        name: "threaten_to_save",
        args: ArgKind::Fixed(1),
        cost: 0.0,
        domain: Domain::Action,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::ThreatenToCapture,
        name: "threaten_to_capture",
        args: ArgKind::Fixed(1),
        cost: 0.0,
        domain: Domain::Action,
        usable: false,
    },
    AutohelperSpec {
        id: Autohelper::PreventAttackThreat,
        name: "prevent_attack_threat",
        args: ArgKind::Fixed(1),
        cost: 0.0,
        domain: Domain::Action,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Eye,
        name: "eye",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::EyeSpace,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::ProperEye,
        name: "proper_eye",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::EyeSpace,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::MarginalEye,
        name: "marginal_eye",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::EyeSpace,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Halfeye,
        name: "halfeye",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::EyeSpace,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::MaxEyeValue,
        name: "max_eye_value",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::EyeSpace,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OwlTopologicalEye,
        name: "owl_topological_eye",
        args: ArgKind::Fixed(2),
        cost: 0.01,
        domain: Domain::Owl,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::ObviousFalseOeye,
        name: "obvious_false_oeye",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::EyeSpace,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::ObviousFalseXeye,
        name: "obvious_false_xeye",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::EyeSpace,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Antisuji,
        name: "antisuji",
        args: ArgKind::Fixed(1),
        cost: 0.0,
        domain: Domain::Action,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::AddConnectMove,
        name: "add_connect_move",
        args: ArgKind::Fixed(2),
        cost: 0.0,
        domain: Domain::Action,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::AddCutMove,
        name: "add_cut_move",
        args: ArgKind::Fixed(2),
        cost: 0.0,
        domain: Domain::Action,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::TestAttackEitherMove,
        name: "test_attack_either_move",
        args: ArgKind::Fixed(2),
        cost: 0.0,
        domain: Domain::Action,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::AddDefendBothMove,
        name: "add_defend_both_move",
        args: ArgKind::Fixed(2),
        cost: 0.0,
        domain: Domain::Action,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::SameDragon,
        name: "same_dragon",
        args: ArgKind::Fixed(2),
        cost: 0.01,
        domain: Domain::Dragon,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::SameString,
        name: "same_string",
        args: ArgKind::Fixed(2),
        cost: 0.01,
        domain: Domain::String,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Dragonsize,
        name: "dragonsize",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Dragon,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Wormsize,
        name: "wormsize",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::String,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::EffectiveSize,
        name: "effective_size",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Dragon,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::VitalChain,
        name: "vital_chain",
        args: ArgKind::Fixed(1),
        cost: 0.05,
        domain: Domain::Owl,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::PotentialCutstone,
        name: "potential_cutstone",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::String,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::AmalgamateMostValuableHelper,
        name: "amalgamate_most_valuable_helper",
        args: ArgKind::Fixed(3),
        cost: 0.0,
        domain: Domain::Action,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Amalgamate,
        name: "amalgamate",
        args: ArgKind::Fixed(2),
        cost: 0.0,
        domain: Domain::Action,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OwlEscapeValue,
        name: "owl_escape_value",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Owl,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OwlGoalDragon,
        name: "owl_goal_dragon",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Owl,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OwlEyespace,
        name: "owl_eyespace",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Owl,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OwlBigEyespace,
        name: "owl_big_eyespace",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Owl,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OwlMineye,
        name: "owl_mineye",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Owl,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OwlMaxeye,
        name: "owl_maxeye",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Owl,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OwlProperEye,
        name: "owl_proper_eye",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Owl,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OwlEyeSize,
        name: "owl_eye_size",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Owl,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OwlLunch,
        name: "owl_lunch",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Owl,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OwlStrongDragon,
        name: "owl_strong_dragon",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Owl,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::HasAji,
        name: "has_aji",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Dragon,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::FinishKoHelper,
        name: "finish_ko_helper",
        args: ArgKind::Fixed(1),
        cost: 0.05,
        domain: Domain::Ko,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::SqueezeKoHelper,
        name: "squeeze_ko_helper",
        args: ArgKind::Fixed(1),
        cost: 0.03,
        domain: Domain::Ko,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::BackfillHelper,
        name: "backfill_helper",
        args: ArgKind::Fixed(3),
        cost: 1.5,
        domain: Domain::Reading,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::ConnectAndCutHelper2,
        name: "connect_and_cut_helper2",
        args: ArgKind::Fixed(3),
        cost: 3.0,
        domain: Domain::Reading,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::ConnectAndCutHelper,
        name: "connect_and_cut_helper",
        args: ArgKind::Fixed(3),
        cost: 3.0,
        domain: Domain::Reading,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OwlThreatens,
        name: "owl_threatens",
        args: ArgKind::Fixed(2),
        cost: 0.01,
        domain: Domain::Owl,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::Replace,
        name: "replace",
        args: ArgKind::Fixed(2),
        cost: 0.0,
        domain: Domain::Action,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::BackfillReplace,
        name: "backfill_replace",
        args: ArgKind::Fixed(2),
        cost: 0.0,
        domain: Domain::Action,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::NonOterritory,
        name: "non_oterritory",
        args: ArgKind::Fixed(1),
        cost: 0.0,
        domain: Domain::Action,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::NonXterritory,
        name: "non_xterritory",
        args: ArgKind::Fixed(1),
        cost: 0.0,
        domain: Domain::Action,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::RemainingHandicapStones,
        name: "remaining_handicap_stones",
        args: ArgKind::Fixed(0),
        cost: 0.0,
        domain: Domain::Handicap,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::TotalHandicapStones,
        name: "total_handicap_stones",
        args: ArgKind::Fixed(0),
        cost: 0.0,
        domain: Domain::Handicap,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OCapturesSomething,
        name: "o_captures_something",
        args: ArgKind::Fixed(1),
        cost: 0.02,
        domain: Domain::String,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::XCapturesSomething,
        name: "x_captures_something",
        args: ArgKind::Fixed(1),
        cost: 0.02,
        domain: Domain::String,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::FalseEyeTerritory,
        name: "false_eye_territory",
        args: ArgKind::Fixed(1),
        cost: 0.0,
        domain: Domain::EyeSpace,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::FalseEye,
        name: "false_eye",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::EyeSpace,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OVisibleAlongEdge,
        name: "o_visible_along_edge",
        args: ArgKind::Fixed(2),
        cost: 0.05,
        domain: Domain::Stones,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::XVisibleAlongEdge,
        name: "x_visible_along_edge",
        args: ArgKind::Fixed(2),
        cost: 0.05,
        domain: Domain::Stones,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::IsSurrounded,
        name: "is_surrounded",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Influence,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::DoesSurround,
        name: "does_surround",
        args: ArgKind::Fixed(2),
        cost: 1.0,
        domain: Domain::Influence,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::SurroundMap,
        name: "surround_map",
        args: ArgKind::Fixed(2),
        cost: 0.01,
        domain: Domain::Influence,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::OracleThreatens,
        name: "oracle_threatens",
        args: ArgKind::Fixed(2),
        cost: 0.01,
        domain: Domain::Misc,
        usable: false,
    },
    AutohelperSpec {
        id: Autohelper::Value,
        name: "value",
        args: ArgKind::PatternValue,
        cost: 0.0,
        domain: Domain::Pattern,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::AdjacentToStoneInAtari,
        name: "adjacent_to_stone_in_atari",
        args: ArgKind::Fixed(1),
        cost: 1.0,
        domain: Domain::String,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::AdjacentToDefendableStoneInAtari,
        name: "adjacent_to_defendable_stone_in_atari",
        args: ArgKind::Fixed(1),
        cost: 1.0,
        domain: Domain::String,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::GoodAttackThreat,
        name: "good_attack_threat",
        args: ArgKind::Fixed(2),
        cost: 0.01,
        domain: Domain::Action,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::KnownSafeMove,
        name: "known_safe_move",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Action,
        usable: true,
    },
    AutohelperSpec {
        id: Autohelper::BreakMirrorHelper,
        name: "break_mirror_helper",
        args: ArgKind::Fixed(1),
        cost: 0.01,
        domain: Domain::Misc,
        usable: true,
    },
];

impl Autohelper {
    /// This function's catalogue entry.
    pub fn spec(self) -> &'static AutohelperSpec {
        &CATALOGUE[self as usize]
    }

    /// Its name in constraint text.
    pub fn name(self) -> &'static str {
        self.spec().name
    }

    /// Looks a function up by its exact name.
    pub fn from_name(name: &str) -> Option<Autohelper> {
        CATALOGUE
            .iter()
            .find(|spec| spec.name == name)
            .map(|spec| spec.id)
    }

    /// GNU Go's tokeniser rule: the first catalogue name (in table order)
    /// that is a prefix of `text`, with no word-boundary test.
    pub fn first_prefix_of(text: &str) -> Option<Autohelper> {
        CATALOGUE
            .iter()
            .find(|spec| text.starts_with(spec.name))
            .map(|spec| spec.id)
    }
}

/// Engine functions outside the 3.8 table: three that the 3.8 corpus calls
/// directly, and the 2.6 dialect's `cutstone`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum EngineBuiltin {
    /// `disconnect_helper(a,b)` (conn.db).
    DisconnectHelper,
    /// `distrust_tactics_helper(A)` (conn.db).
    DistrustTacticsHelper,
    /// `bent_four_helper(A)` (owl_defendpats.db).
    BentFourHelper,
    /// `cutstone(x)`: a GNU Go 2.6 function (the worm's cut-stone value,
    /// 0, 1 or 2), absent from the 3.8 table; only patterns with a 2.6
    /// colon line may call it (see [`EngineBuiltin::legacy_only`]).
    Cutstone,
}

impl EngineBuiltin {
    /// All of them.
    pub const ALL: [EngineBuiltin; 4] = [
        EngineBuiltin::DisconnectHelper,
        EngineBuiltin::DistrustTacticsHelper,
        EngineBuiltin::BentFourHelper,
        EngineBuiltin::Cutstone,
    ];

    /// Name in constraint text.
    pub const fn name(self) -> &'static str {
        match self {
            EngineBuiltin::DisconnectHelper => "disconnect_helper",
            EngineBuiltin::DistrustTacticsHelper => "distrust_tactics_helper",
            EngineBuiltin::BentFourHelper => "bent_four_helper",
            EngineBuiltin::Cutstone => "cutstone",
        }
    }

    /// Number of label arguments.
    pub fn arity(self) -> usize {
        match self {
            EngineBuiltin::DisconnectHelper => 2,
            EngineBuiltin::DistrustTacticsHelper
            | EngineBuiltin::BentFourHelper
            | EngineBuiltin::Cutstone => 1,
        }
    }

    /// Whether the function belongs to GNU Go 2.6's pattern language only
    /// (`cutstone`): GNU Go 3.8 does not know it, so it is accepted only in
    /// patterns written in the 2.6 dialect (a 2.6 colon line).
    pub fn legacy_only(self) -> bool {
        matches!(self, EngineBuiltin::Cutstone)
    }

    /// Looks a builtin up by exact name.
    pub fn from_name(name: &str) -> Option<EngineBuiltin> {
        Self::ALL.into_iter().find(|b| b.name() == name)
    }
}

/// Reading result codes (compare constraint results with these).
pub mod result_code {
    /// Failure.
    pub const FAIL: i32 = 0;
    /// Success through a ko in which the other side moves first (the weaker ko).
    pub const KO_B: i32 = 1;
    /// Partial success (the value `CUT` shares in break-through reading).
    pub const LOSS: i32 = 2;
    /// Gain.
    pub const GAIN: i32 = 3;
    /// Success through a ko in which the reading side moves first.
    pub const KO_A: i32 = 4;
    /// Unconditional success; the constant `WIN` in constraint text.
    pub const WIN: i32 = 5;
    /// The break-through family's "cut through" result.
    pub const CUT: i32 = 2;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_is_indexed_by_id() {
        for (index, spec) in CATALOGUE.iter().enumerate() {
            assert_eq!(spec.id as usize, index, "{}", spec.name);
        }
        assert_eq!(CATALOGUE.len(), 126);
    }

    #[test]
    fn no_name_is_shadowed_by_an_earlier_prefix() {
        for spec in &CATALOGUE {
            assert_eq!(
                Autohelper::first_prefix_of(spec.name),
                Some(spec.id),
                "{}",
                spec.name
            );
        }
    }

    #[test]
    fn prefix_rule_misreads_longer_identifiers() {
        assert_eq!(
            Autohelper::first_prefix_of("eyes(a)"),
            Some(Autohelper::Eye)
        );
        assert_eq!(
            Autohelper::first_prefix_of("lib2(a)"),
            Some(Autohelper::Lib2)
        );
        assert_eq!(Autohelper::first_prefix_of("lib(a)"), Some(Autohelper::Lib));
        assert_eq!(Autohelper::first_prefix_of("WIN"), None);
    }
}
