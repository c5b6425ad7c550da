//! [`ValuationParams`]: every constant of the valuation, one field each.
//! The defaults are GNU Go 3.8's as `design/move-generation.md` §3
//! observed them where it did, and stand-ins (named so in the field's
//! doc) where GNU Go's documentation gives no number; the evidence is in
//! `docs/tuning/valuation.md`.

/// Which size of a dragon sizes its strategic effect.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StrategicSizeSource {
    /// The effective size, with the scale and half size fitted to GNU
    /// Go's traces for it (27.6, 13.2; the default: GNU Go's own size
    /// lost on the suites, `docs/tuning/valuation.md`).
    EffectiveSize,
    /// The strategic size (`front::strategic_size`), GNU Go's own form,
    /// with GNU Go's 27 and 15 ([`ValuationParams::with_strategic_size`]).
    StrategicSize,
}

/// The constants of the valuation (`design/move-generation.md` §3).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ValuationParams {
    /// Territorial value of a captured or saved stone, per unit of the
    /// target's effective size (stand-in for the status change inside
    /// the influence delta; GNU Go's pre-influence rule).
    pub status_change_per_size: f32,
    /// Share of a status change kept when it only succeeds through a ko
    /// the player can take first (good ko; stand-in).
    pub good_ko_share: f32,
    /// Share kept when the ko needs a threat first (bad ko; stand-in).
    pub bad_ko_share: f32,
    /// Territory taken off for a single-stone target won or saved through
    /// a ko (GNU Go's `penalty for ko stone (workaround)`, §3.2).
    pub ko_stone_penalty: f32,
    /// Share of the territorial delta kept for a move marked unsafe
    /// (stand-in: an unsafe stone claims no territory).
    pub unsafe_territory_share: f32,
    /// Which size of the dragon the strategic effect grows with.
    pub strategic_size_source: StrategicSizeSource,
    /// The strategic effect on a dragon is its weakness × this ×
    /// size / (size + [`Self::strategic_half_size`]): the value a fully
    /// weak dragon tends to as it grows (fitted to GNU Go's traced
    /// `strategic effect on X`, `docs/tuning/valuation.md`).
    pub strategic_scale: f32,
    /// The dragon size at which the strategic effect reaches half of
    /// [`Self::strategic_scale`] × weakness (fitted as above).
    pub strategic_half_size: f32,
    /// Share of that effect a cut or connection gives each dragon it
    /// names (strategic attacks and defences give all of it).
    pub connection_share: f32,
    /// Whether a connection to a critical dragon gives a dragon that is not
    /// critical no strategic effect (GNU Go's traces; critical ones keep it).
    pub connection_to_critical_no_effect: bool,
    /// Share of that effect an owl defence gives each opponent dragon next
    /// to the dragon it saves (GNU Go's traces show the full effect on
    /// some such neighbours without a reason naming them; 0 by default:
    /// giving it to every neighbour measured even −1, odd +1).
    pub owl_defense_neighbour_share: f32,
    /// Whether the strategic effect on a dragon whose status change the
    /// stand-in counted (by size, [`Self::status_change_per_size`]) is
    /// added as well (GNU Go skips it, `already counted`, because its
    /// influence delta holds the dragon's whole worth; the stand-in holds
    /// only its stones, so an owl reason could lower a move's value).
    pub strategic_beside_stand_in_status: bool,
    /// Whether a worm won or saved through ko keeps its ko stone penalty
    /// when its dragon's status change is counted (GNU Go's traces: pub01
    /// G2, endgame2.sgf T17, owl attack and `penalty for ko stone`).
    pub ko_stone_penalty_when_counted: bool,
    /// Whether attacking or defending a worm (not of a dead dragon) that
    /// conn.db counted as a potential cutting stone more than once adds GNU
    /// Go's `X cutstone` to T (on: `docs/tuning/valuation.md`).
    pub cutstone_bonus: bool,
    /// That term per count of `cutstone2` above one (GNU Go's traces: 10
    /// at a count of 2, `docs/tuning/valuation.md`).
    pub cutstone_value_per_count: f32,
    /// The strategic penalty of an invasion (§2, `-12.00` in 113 of 134
    /// traced cases).
    pub invasion_penalty: f32,
    /// Followup of a threat, per unit of the target's effective size (§2:
    /// "usually 2 × the target's effective size").
    pub threat_per_size: f32,
    /// Territorial + strategic value below which followup adds nothing
    /// (§3.4: added at 0.50, never at 0.47).
    pub followup_threshold: f32,
    /// Share of the followup value added (§3.4: F/2).
    pub followup_share: f32,
    /// Share of the reverse followup value added (§3.4: R/2).
    pub reverse_followup_share: f32,
    /// The followup added is at most this times the base value, plus the
    /// reverse followup added (§3.4: 1.1).
    pub followup_cap_factor: f32,
    /// Weight of secondary reasons (`gnugo-engine.md` §2.10: ×0.05).
    pub secondary_weight: f32,
    /// Cap of the weighted secondary value (§3.5: at most 0.29 traced).
    pub secondary_cap: f32,
    /// Base of the shape factor, raised to the combined shape value
    /// (§3.6: 1.05^s).
    pub shape_base: f32,
    /// Most territorial value the shape factor scales (§3.6: 15).
    pub shape_territory_cap: f32,
    /// Base of the connection bonus, raised to the connection value k
    /// (§3.7: 1.02^k − 1).
    pub connection_base: f32,
    /// The value so far is clamped to at least this before the connection
    /// bonus scales it (§3.7: 1).
    pub connection_clamp_low: f32,
    /// … and to at most this (§3.7: 5).
    pub connection_clamp_high: f32,
    /// Best value at or below which genmove matches endgame.db and values
    /// again (§3.10: 6 points).
    pub endgame_threshold: f32,
    /// Whether the secondary, shape and connection terms are added only to
    /// a move whose territorial + strategic value is positive (GNU Go's
    /// traces print none after `not a safe move` or a `-1.00 change in
    /// territory`, and such moves are not valued: `docs/tuning/endgame.md`).
    pub extras_need_gain: bool,
    /// Effective size at or below which a dragon's stand-in status change is
    /// valued as GNU Go's endgame traces show, its strategic effect already
    /// counted (1.5: one-stone dragons, with `small_status_in_count`; 0 off).
    pub small_status_size: f32,
    /// Territorial value of a small dragon's status change per unit of its
    /// effective size (1 and 2 tried on the even endgame tests).
    pub small_status_per_size: f32,
    /// Whether a small dragon's status change and the region count's delta
    /// give T the larger of the two rather than their sum.
    pub small_status_larger_of: bool,
    /// Whether that larger-of is taken only for the stones the move
    /// captures (the region count then holds them); a status change that
    /// captures nothing is summed with the delta (off: every small status
    /// change, `docs/tuning/endgame.md`).
    pub small_status_larger_of_needs_capture: bool,
    /// Whether a small dragon's status change is valued by the stand-in
    /// region count (its stones killed or saved there, as GNU Go's
    /// influence delta holds them) instead of by its size.
    pub small_status_in_count: bool,
}

impl Default for ValuationParams {
    fn default() -> ValuationParams {
        ValuationParams {
            status_change_per_size: 2.0,
            good_ko_share: 0.5,
            bad_ko_share: 0.25,
            ko_stone_penalty: 0.5,
            unsafe_territory_share: 0.0,
            strategic_size_source: StrategicSizeSource::EffectiveSize,
            strategic_scale: 27.6,
            strategic_half_size: 13.2,
            connection_share: 1.0,
            connection_to_critical_no_effect: false,
            owl_defense_neighbour_share: 0.0,
            strategic_beside_stand_in_status: true,
            ko_stone_penalty_when_counted: true,
            cutstone_bonus: true,
            cutstone_value_per_count: 10.0,
            invasion_penalty: 12.0,
            threat_per_size: 2.0,
            followup_threshold: 0.5,
            followup_share: 0.5,
            reverse_followup_share: 0.5,
            followup_cap_factor: 1.1,
            secondary_weight: 0.05,
            secondary_cap: 0.3,
            shape_base: 1.05,
            shape_territory_cap: 15.0,
            connection_base: 1.02,
            connection_clamp_low: 1.0,
            connection_clamp_high: 5.0,
            endgame_threshold: 6.0,
            extras_need_gain: true,
            small_status_size: 1.5,
            small_status_per_size: 2.0,
            small_status_larger_of: true,
            small_status_larger_of_needs_capture: false,
            small_status_in_count: true,
        }
    }
}

impl ValuationParams {
    /// Sets the field `key` (a field's name; numbers, or `on`/`off` for the
    /// switches) to `value`: the fields of the endgame's status rules and
    /// the stand-ins, for experiments (`tesuji gtp --valuation`).
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let bad = || format!("valuation parameter {key}: bad value {value:?}");
        let number = |v: &str| v.parse::<f32>().map_err(|_| bad());
        let flag = |v: &str| crate::param_text::switch(v).ok_or_else(bad);
        match key {
            "status_change_per_size" => self.status_change_per_size = number(value)?,
            "unsafe_territory_share" => self.unsafe_territory_share = number(value)?,
            "small_status_size" => self.small_status_size = number(value)?,
            "small_status_per_size" => self.small_status_per_size = number(value)?,
            "small_status_larger_of" => self.small_status_larger_of = flag(value)?,
            "small_status_larger_of_needs_capture" => {
                self.small_status_larger_of_needs_capture = flag(value)?
            }
            "strategic_beside_stand_in_status" => {
                self.strategic_beside_stand_in_status = flag(value)?
            }
            "extras_need_gain" => self.extras_need_gain = flag(value)?,
            "connection_to_critical_no_effect" => {
                self.connection_to_critical_no_effect = flag(value)?
            }
            "small_status_in_count" => self.small_status_in_count = flag(value)?,
            "cutstone_bonus" => self.cutstone_bonus = flag(value)?,
            "cutstone_value_per_count" => self.cutstone_value_per_count = number(value)?,
            _ => return Err(format!("no valuation parameter {key}")),
        }
        Ok(())
    }

    /// These parameters with the strategic effect sized by the strategic
    /// size and GNU Go's scale and half size (27, 15: 143 of 158 traced
    /// effects within 5% with GNU Go's own strategic size).
    pub fn with_strategic_size(self) -> ValuationParams {
        ValuationParams {
            strategic_size_source: StrategicSizeSource::StrategicSize,
            strategic_scale: 27.0,
            strategic_half_size: 15.0,
            ..self
        }
    }
}
