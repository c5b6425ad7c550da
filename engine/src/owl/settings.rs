//! [`OwlParams`] set field by field from text (`KEY=VALUE` of `tesuji gtp
//! --owl`), for experiments: every field by its name, switches `on`/`off`,
//! numbers, `none` for an optional limit, `gnugo`/`off` for the lunch
//! values.

use super::{LunchValues, OwlParams};
use crate::param_text::switch;

/// The kinds of value a field takes, as an error names them.
const SWITCH: &str = "on|off";
const WHOLE: &str = "a whole number";
const REAL: &str = "a number";
const OPTIONAL: &str = "a whole number or none";
const LUNCH: &str = "gnugo|off";

/// Every field's name with the values it takes.
const FIELDS: &[(&str, &str)] = &[
    ("node_limit", WHOLE),
    ("branch_depth", WHOLE),
    ("reading_depth", WHOLE),
    ("moves_per_node", WHOLE),
    ("escaped_from", WHOLE),
    ("vital_point_value", REAL),
    ("vital_value_per_extra_eye", REAL),
    ("vital_value_per_uncertain_eye", REAL),
    ("lunch_values", LUNCH),
    ("marginal_space_value", REAL),
    ("marginal_eyes_lost", OPTIONAL),
    ("alive_by_space_sum", SWITCH),
    ("likely_alive_eyes", OPTIONAL),
    ("tactical_move_value", REAL),
    ("goal_string_move_value", REAL),
    ("goal_string_liberties", WHOLE),
    ("goal_string_move_liberties", WHOLE),
    ("inner_string_liberties", WHOLE),
    ("vital_in_defence", SWITCH),
    ("threat_first_moves", WHOLE),
    ("table_before_count", SWITCH),
    ("attacker_passes_in_a_row", WHOLE),
    ("pass_only_without_moves", SWITCH),
    ("captures_when_alive", SWITCH),
    ("borrow_defender_moves", SWITCH),
    ("vital_always", SWITCH),
    ("pass_breadth", OPTIONAL),
    ("root_patterns_first", SWITCH),
    ("class_n_safety", SWITCH),
    ("patterns_after_others", SWITCH),
    ("lively_beyond_depth", OPTIONAL),
    ("lively_move_value", REAL),
    ("escape_dead_liberties", WHOLE),
    ("escape_from_influence", SWITCH),
    ("escape_capturable_liberties", WHOLE),
    ("reading_bands_from_call", SWITCH),
    ("escape_route_from_influence", SWITCH),
    ("influence_escaped_from", WHOLE),
    ("influence_route_friendly_stone", WHOLE),
];

impl OwlParams {
    /// Sets the field `key` from `value` (`node_limit=500`,
    /// `vital_always=off`, `lively_beyond_depth=none`,
    /// `lunch_values=gnugo`, …); the error names the key and the values
    /// it takes, or every key when there is no such field.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let Some(&(_, allowed)) = FIELDS.iter().find(|(name, _)| *name == key) else {
            let names: Vec<&str> = FIELDS.iter().map(|(name, _)| *name).collect();
            return Err(format!(
                "no owl parameter {key} (the parameters: {})",
                names.join(", ")
            ));
        };
        let bad = || format!("owl parameter {key}: bad value {value:?} (allowed: {allowed})");
        let whole = || value.parse::<u64>().map_err(|_| bad());
        let count = || whole().and_then(|n| usize::try_from(n).map_err(|_| bad()));
        let real = || value.parse::<f32>().map_err(|_| bad());
        let flag = || switch(value).ok_or_else(bad);
        let optional = || match value {
            "none" => Ok(None),
            _ => count().map(Some),
        };
        match key {
            "node_limit" => self.node_limit = whole()?,
            "branch_depth" => self.branch_depth = count()?,
            "reading_depth" => self.reading_depth = count()?,
            "moves_per_node" => self.moves_per_node = count()?,
            "escaped_from" => self.escaped_from = value.parse().map_err(|_| bad())?,
            "vital_point_value" => self.vital_point_value = real()?,
            "vital_value_per_extra_eye" => self.vital_value_per_extra_eye = real()?,
            "vital_value_per_uncertain_eye" => self.vital_value_per_uncertain_eye = real()?,
            "lunch_values" => {
                self.lunch_values = match value {
                    "gnugo" => Some(LunchValues::GNUGO),
                    "off" => None,
                    _ => return Err(bad()),
                }
            }
            "marginal_space_value" => self.marginal_space_value = real()?,
            "marginal_eyes_lost" => {
                self.marginal_eyes_lost = match value {
                    "none" => None,
                    _ => Some(value.parse().map_err(|_| bad())?),
                }
            }
            "alive_by_space_sum" => self.alive_by_space_sum = flag()?,
            "likely_alive_eyes" => {
                self.likely_alive_eyes = match value {
                    "none" => None,
                    _ => Some(value.parse().map_err(|_| bad())?),
                }
            }
            "tactical_move_value" => self.tactical_move_value = real()?,
            "goal_string_move_value" => self.goal_string_move_value = real()?,
            "goal_string_liberties" => self.goal_string_liberties = count()?,
            "goal_string_move_liberties" => self.goal_string_move_liberties = count()?,
            "inner_string_liberties" => self.inner_string_liberties = count()?,
            "vital_in_defence" => self.vital_in_defence = flag()?,
            "threat_first_moves" => self.threat_first_moves = count()?,
            "table_before_count" => self.table_before_count = flag()?,
            "attacker_passes_in_a_row" => self.attacker_passes_in_a_row = count()?,
            "pass_only_without_moves" => self.pass_only_without_moves = flag()?,
            "captures_when_alive" => self.captures_when_alive = flag()?,
            "borrow_defender_moves" => self.borrow_defender_moves = flag()?,
            "vital_always" => self.vital_always = flag()?,
            "pass_breadth" => self.pass_breadth = optional()?,
            "root_patterns_first" => self.root_patterns_first = flag()?,
            "class_n_safety" => self.class_n_safety = flag()?,
            "patterns_after_others" => self.patterns_after_others = flag()?,
            "lively_beyond_depth" => self.lively_beyond_depth = optional()?,
            "lively_move_value" => self.lively_move_value = real()?,
            "escape_dead_liberties" => self.escape_dead_liberties = count()?,
            "escape_from_influence" => self.escape_from_influence = flag()?,
            "escape_capturable_liberties" => self.escape_capturable_liberties = count()?,
            "reading_bands_from_call" => self.reading_bands_from_call = flag()?,
            "escape_route_from_influence" => self.escape_route_from_influence = flag()?,
            "influence_escaped_from" => {
                self.influence_escaped_from = value.parse().map_err(|_| bad())?
            }
            "influence_route_friendly_stone" => {
                self.influence_route_friendly_stone = value.parse().map_err(|_| bad())?
            }
            _ => unreachable!("every name of FIELDS is set above"),
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_is_set_by_its_name() {
        let mut params = OwlParams::default();
        for (key, value) in [
            ("node_limit", "17"),
            ("vital_always", "off"),
            ("escape_route_from_influence", "on"),
            ("vital_point_value", "12.5"),
            ("lively_beyond_depth", "none"),
            ("pass_breadth", "3"),
            ("lunch_values", "gnugo"),
            ("marginal_eyes_lost", "1"),
            ("influence_escaped_from", "9"),
        ] {
            params.set(key, value).unwrap();
        }
        assert_eq!(
            params,
            OwlParams {
                node_limit: 17,
                vital_always: false,
                escape_route_from_influence: true,
                vital_point_value: 12.5,
                lively_beyond_depth: None,
                pass_breadth: Some(3),
                lunch_values: Some(LunchValues::GNUGO),
                marginal_eyes_lost: Some(1),
                influence_escaped_from: 9,
                ..OwlParams::default()
            }
        );
    }

    #[test]
    fn every_listed_name_is_a_field() {
        for (key, allowed) in FIELDS {
            let mut params = OwlParams::default();
            let value = match *allowed {
                SWITCH => "on",
                LUNCH => "off",
                _ => "1",
            };
            params.set(key, value).unwrap_or_else(|e| panic!("{e}"));
        }
    }

    #[test]
    fn errors_name_the_key_and_the_values_it_takes() {
        let mut params = OwlParams::default();
        let unknown = params.set("no_such_field", "1").unwrap_err();
        assert!(unknown.contains("no_such_field"), "{unknown}");
        assert!(unknown.contains("node_limit"), "{unknown}");
        let flag = params.set("vital_always", "1").unwrap_err();
        assert!(
            flag.contains("vital_always") && flag.contains("on|off"),
            "{flag}"
        );
        let number = params.set("node_limit", "many").unwrap_err();
        assert!(
            number.contains("node_limit") && number.contains("whole"),
            "{number}"
        );
        assert_eq!(params, OwlParams::default());
    }
}
