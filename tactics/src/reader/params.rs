//! [`ReadingParams`]: every number of the tactical reader's search and
//! candidate generators, owned by the [`Reader`](super::Reader).
//!
//! The values are fitted against GNU Go 3.8's answers; what each one
//! does, which positions show it and what other values gained or lost is
//! in `docs/tuning/reader.md`, one section per field.

/// How the reader orders a generator's candidate moves before trying
/// them (best first): each move scores `capture_weight` per stone it
/// captures, plus the liberties of the mover's string after it (counted up
/// to `liberty_cap`), less `self_atari_penalty` for a move that captures
/// nothing and leaves its string in atari, plus the generator's own bonus.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveOrdering {
    /// Score per stone the move captures.
    pub capture_weight: i32,
    /// The liberties after the move count up to this many.
    pub liberty_cap: usize,
    /// Score taken from a move that captures nothing and is left with one liberty or none.
    pub self_atari_penalty: i32,
}

impl Default for MoveOrdering {
    fn default() -> MoveOrdering {
        MoveOrdering {
            capture_weight: 100,
            liberty_cap: 4,
            self_atari_penalty: 50,
        }
    }
}

impl MoveOrdering {
    /// The score of a move that captures `captures` stones and leaves its
    /// string `libs` liberties, with the generator's `bonus`.
    pub fn score(&self, captures: usize, libs: usize, bonus: i32) -> i32 {
        let self_atari = captures == 0 && libs <= 1;
        captures as i32 * self.capture_weight + bonus + libs.min(self.liberty_cap) as i32
            - if self_atari {
                self.self_atari_penalty
            } else {
                0
            }
    }
}

/// Which depth the generators' plain stack-depth bands (the
/// [`Frame::Stack`](super::generators::Frame::Stack) rows and the
/// generators' own stack-depth tests) are compared with. The bounds
/// relative to GNU Go's limits always compare with the stack depth.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StackBands {
    /// The reading stack depth itself.
    #[default]
    Stack,
    /// The stack depth, except that the attacker's first answer to a
    /// top-level defence of the call's own target is read with the
    /// generators of the top-level call's depth.
    RootReply,
    /// The depth below the top-level call (the stack depth less the
    /// depth at which the call started).
    FromRoot,
    /// [`StackBands::FromRoot`] and [`StackBands::RootReply`] together.
    FromRootAndReply,
}

/// The tactical reader's fitted numbers, [`Default`] being the values the
/// reader was tuned with.
///
/// Depth bounds come in two frames, and GNU Go's `increase_depths` /
/// `decrease_depths` (which shift every [`DepthLimits`](super::DepthLimits)
/// field by one) move only one of them:
/// * bounds relative to a GNU Go limit move with it: the four- and
///   three-liberty horizons and the full four-liberty generators
///   (`fourlib_depth` / `depth` less `fourlib_horizon_slack`, plus
///   `fourlib_own_target_extra_depth` for the top-level target,
///   `fourlib_full_slack`, `threelib_horizon_slack`), the simple ladder
///   and the laddered chains (`depth` plus `ladder_extra_depth`,
///   `laddered_chain_extra_depth`), backfilling (`backfill_depth` less
///   `backfill_slack`), the defender's break-chain bands
///   (`break_chain_depth` less `break_chain2_slack`, plus
///   `deep_break_chain_first` / `_last`, and the big-chain fallback up to
///   `break_chain_depth`), the defender's second-order liberties (up to
///   `superstring_depth`) and ko captures through a threat (`ko_depth`).
///   These stand for GNU Go's own depth-limited reading, so they follow
///   its limits as GNU Go's do;
/// * plain stack depths (the other `_depth` fields) stay put: each was
///   fitted as the stack depth at which GNU Go's lines in the suites play
///   such a move (mostly the root or one or two plies below it), not as
///   a distance from a limit, and nothing measured says how they would
///   scale. What they compare with is `stack_bands`: the stack depth by
///   default, or the depth below the top-level call, or for the
///   attacker's first answer to a top-level defence the top-level call's
///   rows too ([`StackBands`], measured in `docs/tuning/reader.md`,
///   fifth round).
///
/// The generator table ([`super::generators`]) shows each generator's
/// band in its frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadingParams {
    /// How candidate moves are ordered before they are tried.
    pub ordering: MoveOrdering,
    /// Attacking two strings: score taken per liberty of the string a move's liberty belongs to.
    pub either_fewer_liberties_weight: i32,
    /// The deepest reading stack any search builds (a hard stop).
    pub max_stack_depth: i32,
    /// Four-liberty targets are read up to `fourlib_depth` less this.
    pub fourlib_horizon_slack: i32,
    /// The top-level call's own four-liberty target is read this much deeper than that horizon.
    pub fourlib_own_target_extra_depth: i32,
    /// Four-liberty targets get every generator only up to `fourlib_depth` less this (deeper: liberties only).
    pub fourlib_full_slack: i32,
    /// Three-liberty targets are read up to `depth` less this.
    pub threelib_horizon_slack: i32,
    /// Two-liberty targets are read in full up to `depth` plus this; deeper only as a simple ladder.
    pub ladder_extra_depth: i32,
    /// In the simple ladder, the fewest liberties the attacker's new stone keeps.
    pub ladder_min_attacker_libs: usize,
    /// Four-liberty liberty attacks: the fewest liberties the attacker's new stone keeps.
    pub fourlib_min_attacker_libs: usize,
    /// From this stack depth, no four-liberty liberty attack beside a weak (≤ 2 liberties) attacker neighbour.
    pub fourlib_weak_neighbour_depth: i32,
    /// Attacker's second-order liberties against two liberties: up to this stack depth.
    pub two_lib_second_order_depth: i32,
    /// Attacker's second-order liberties against three liberties: up to this stack depth.
    pub three_lib_second_order_depth: i32,
    /// Attacker's second-order liberties of a two-liberty target that are liberties of another defender string: up to this stack depth.
    pub two_lib_friend_second_order_depth: i32,
    /// Attacker's points next to two liberties of a three-liberty target: up to this stack depth.
    pub three_lib_shared_second_order_depth: i32,
    /// Net: extending at either liberty gives the target at most this many liberties.
    pub net_max_extension_libs: usize,
    /// Net: the fewest liberties of the attacker's netting stone.
    pub net_min_move_libs: usize,
    /// Clamps: up to this stack depth.
    pub clamp_max_depth: i32,
    /// Clamps: the fewest liberties of the attacker string next to the clamping point.
    pub clamp_min_solid_libs: usize,
    /// Backfilling: up to `backfill_depth` less this.
    pub backfill_slack: i32,
    /// Ko avoidance (capture is a ko): up to this stack depth.
    pub ko_avoiding_depth: i32,
    /// Ko avoidance also up to this many moves below the top-level call
    /// (GNU Go finds the move in a call made 2 to 10 moves deep); `None`: off.
    pub ko_avoiding_top_plies: Option<i32>,
    /// Ko avoidance: the defender strings around the ko point with at most this many liberties.
    pub ko_avoiding_max_libs: usize,
    /// Attacker presses the defender's helpers at the target's liberties: up to this stack depth.
    pub helpers_at_liberties_depth: i32,
    /// ... for targets with at most this many liberties.
    pub helpers_at_liberties_max_target_libs: usize,
    /// ... helpers with at most this many liberties.
    pub helpers_at_liberties_max_libs: usize,
    /// ... or one liberty more where they have at most this many stones.
    pub helpers_three_libs_max_stones: usize,
    /// Edge blocks against three liberties: up to this stack depth.
    pub edge_block_depth: i32,
    /// Sealed liberties: up to this stack depth.
    pub sealed_liberty_depth: i32,
    /// Sealed liberties: friends with at most this many liberties.
    pub sealed_max_friend_libs: usize,
    /// Sealed liberties: friends with at most this many stones.
    pub sealed_max_friend_stones: usize,
    /// Sealed liberties: a friend liberty shared by one friend only needs this many liberties for the attacker.
    pub sealed_min_move_libs: usize,
    /// Sealed liberties: their empty neighbours too, up to this stack depth.
    pub sealed_second_order_depth: i32,
    /// Attacker frees its own weak strings at the target's liberties: up to this stack depth.
    pub own_chain_depth: i32,
    /// ... own strings with at most this many liberties.
    pub own_chain_max_libs: usize,
    /// ... by taking liberties of defender strings with at most this many.
    pub own_chain_max_chain_libs: usize,
    /// Attacker saves own strings in atari at the liberties of targets with at most this many liberties.
    pub save_own_at_liberties_max_target_libs: usize,
    /// Own-string extensions (tried last): targets with exactly this many liberties.
    pub own_extension_target_libs: usize,
    /// ... up to this stack depth.
    pub own_extension_depth: i32,
    /// ... extensions keeping at least this many liberties.
    pub own_extension_min_libs: usize,
    /// Semeai extensions against two liberties: at exactly this stack depth.
    pub semeai_extension_depth: i32,
    /// ... off the target's liberties, extensions keeping at least this many liberties.
    pub semeai_extension_min_libs: usize,
    /// Blocked-semeai extensions: from this stack depth.
    pub blocked_min_depth: i32,
    /// ... up to this stack depth.
    pub blocked_max_depth: i32,
    /// ... targets of at least this many stones.
    pub blocked_min_target_stones: usize,
    /// ... extended strings keeping at least this many liberties.
    pub blocked_extension_min_libs: usize,
    /// ... or, merging with another attacker string, at least this many.
    pub blocked_merge_min_libs: usize,
    /// Defender attacks two-liberty neighbours up to `break_chain_depth` less this, for any target.
    pub break_chain2_slack: i32,
    /// ... for targets with at most this many liberties.
    pub break_chain2_max_target_libs: usize,
    /// Semeai / laddered chains: targets with at most this many liberties.
    pub semeai_chain_max_target_libs: usize,
    /// Semeai / laddered chains, and the attacker's semeai extensions: strings of at least this many stones.
    pub semeai_chain_min_stones: usize,
    /// Laddered two-liberty chains are broken up to `depth` plus this.
    pub laddered_chain_extra_depth: i32,
    /// Three-liberty semeai chains (two-liberty targets): at least this many stones.
    pub semeai_chain3_min_stones: usize,
    /// Approach moves to an unplayable liberty of a broken chain: up to this stack depth.
    pub approach_chain_depth: i32,
    /// Break-chain against chains with up to four liberties: up to this stack depth.
    pub break_chain34_depth: i32,
    /// ... targets with at most this many liberties.
    pub break_chain34_max_target_libs: usize,
    /// ... chains with at most this many liberties.
    pub break_chain34_max_libs: usize,
    /// Liberties of attacker strings at the target's liberties: up to this stack depth.
    pub liberty_chain_depth: i32,
    /// ... targets with at most this many liberties.
    pub liberty_chain_max_target_libs: usize,
    /// ... attacker strings with at most this many liberties.
    pub liberty_chain_max_libs: usize,
    /// Defender's own weak strings at the target's liberties: up to this stack depth.
    pub own_at_liberties_depth: i32,
    /// ... targets with at most this many liberties.
    pub own_at_liberties_max_target_libs: usize,
    /// ... own strings with at most this many liberties (one more against three-liberty targets).
    pub own_at_liberties_max_libs: usize,
    /// ... against three-liberty targets: up to this stack depth.
    pub own_at_three_liberties_depth: i32,
    /// Secondary rescue (own strings in atari next to weak chains): up to this stack depth.
    pub secondary_rescue_depth: i32,
    /// ... targets with at most this many liberties.
    pub secondary_rescue_max_target_libs: usize,
    /// ... chains with at most this many liberties.
    pub secondary_rescue_max_chain_libs: usize,
    /// Friend rescue by capture: up to this stack depth.
    pub friend_rescue_depth: i32,
    /// Defender's second-order liberties of a four-liberty target: up to this stack depth.
    pub four_lib_second_order_defence_depth: i32,
    /// Defender's order: bonus per two-liberty attacker string the move puts in atari.
    pub defence_atari_bonus: i32,
    /// Attacker's order: penalty per liberty the target keeps after the move.
    pub attack_target_liberty_penalty: i32,
    /// Fallback, defence by capturing a neighbour: up to this stack depth.
    pub capture_chain_depth: i32,
    /// ... targets with at most this many liberties.
    pub capture_chain_max_target_libs: usize,
    /// ... neighbours with two to this many liberties.
    pub capture_chain_max_libs: usize,
    /// Fallback, double break-chain: up to this stack depth.
    pub double_break_depth: i32,
    /// ... targets with exactly this many liberties.
    pub double_break_target_libs: usize,
    /// ... neighbours with at most this many liberties.
    pub double_break_max_libs: usize,
    /// Fallback, superstring liberties: up to this stack depth.
    pub superstring_fallback_depth: i32,
    /// ... targets with exactly this many liberties.
    pub superstring_fallback_target_libs: usize,
    /// ... targets of at least this many stones.
    pub superstring_fallback_min_stones: usize,
    /// Fallback, big three-liberty chains: three-liberty targets from this stack depth.
    pub big_chain_three_lib_first_depth: i32,
    /// ... chains of at least this many stones.
    pub big_chain_min_stones: usize,
    /// Fallback, deep break-chain: from `break_chain_depth` plus this.
    pub deep_break_chain_first: i32,
    /// ... up to `break_chain_depth` plus this.
    pub deep_break_chain_last: i32,
    /// Combined reading (`attack_either`, `defend_both`): plies read.
    pub combined_plies: u32,
    /// Combined reading: strings with at most this many liberties.
    pub combined_max_liberties: usize,
    /// What the generators' plain stack-depth bands count (the top-level call's rows for its first answer, ...).
    pub stack_bands: StackBands,
}

impl Default for ReadingParams {
    fn default() -> ReadingParams {
        ReadingParams {
            ordering: MoveOrdering::default(),
            either_fewer_liberties_weight: 8,
            max_stack_depth: 60,
            fourlib_horizon_slack: 3,
            fourlib_own_target_extra_depth: 1,
            fourlib_full_slack: 5,
            threelib_horizon_slack: 4,
            ladder_extra_depth: 10,
            ladder_min_attacker_libs: 2,
            fourlib_min_attacker_libs: 2,
            fourlib_weak_neighbour_depth: 4,
            two_lib_second_order_depth: 0,
            three_lib_second_order_depth: 0,
            two_lib_friend_second_order_depth: 2,
            three_lib_shared_second_order_depth: 1,
            net_max_extension_libs: 3,
            net_min_move_libs: 2,
            clamp_max_depth: 5,
            clamp_min_solid_libs: 4,
            backfill_slack: 12,
            ko_avoiding_depth: 2,
            ko_avoiding_top_plies: None,
            ko_avoiding_max_libs: 3,
            helpers_at_liberties_depth: 1,
            helpers_at_liberties_max_target_libs: 3,
            helpers_at_liberties_max_libs: 2,
            helpers_three_libs_max_stones: 6,
            edge_block_depth: 3,
            sealed_liberty_depth: 4,
            sealed_max_friend_libs: 2,
            sealed_max_friend_stones: 1,
            sealed_min_move_libs: 3,
            sealed_second_order_depth: 0,
            own_chain_depth: 0,
            own_chain_max_libs: 2,
            own_chain_max_chain_libs: 3,
            save_own_at_liberties_max_target_libs: 2,
            own_extension_target_libs: 3,
            own_extension_depth: 1,
            own_extension_min_libs: 3,
            semeai_extension_depth: 2,
            semeai_extension_min_libs: 2,
            blocked_min_depth: 1,
            blocked_max_depth: 10,
            blocked_min_target_stones: 4,
            blocked_extension_min_libs: 3,
            blocked_merge_min_libs: 4,
            break_chain2_slack: 3,
            break_chain2_max_target_libs: 3,
            semeai_chain_max_target_libs: 2,
            semeai_chain_min_stones: 4,
            laddered_chain_extra_depth: 10,
            semeai_chain3_min_stones: 10,
            approach_chain_depth: 4,
            break_chain34_depth: 1,
            break_chain34_max_target_libs: 2,
            break_chain34_max_libs: 4,
            liberty_chain_depth: 3,
            liberty_chain_max_target_libs: 2,
            liberty_chain_max_libs: 3,
            own_at_liberties_depth: 2,
            own_at_liberties_max_target_libs: 2,
            own_at_liberties_max_libs: 2,
            own_at_three_liberties_depth: 0,
            secondary_rescue_depth: 16,
            secondary_rescue_max_target_libs: 3,
            secondary_rescue_max_chain_libs: 3,
            friend_rescue_depth: 1,
            four_lib_second_order_defence_depth: 0,
            defence_atari_bonus: 3,
            attack_target_liberty_penalty: 8,
            capture_chain_depth: 2,
            capture_chain_max_target_libs: 3,
            capture_chain_max_libs: 4,
            double_break_depth: 1,
            double_break_target_libs: 3,
            double_break_max_libs: 3,
            superstring_fallback_depth: 7,
            superstring_fallback_target_libs: 2,
            superstring_fallback_min_stones: 4,
            big_chain_three_lib_first_depth: 3,
            big_chain_min_stones: 5,
            deep_break_chain_first: 3,
            deep_break_chain_last: 5,
            combined_plies: 3,
            combined_max_liberties: 3,
            stack_bands: StackBands::Stack,
        }
    }
}
