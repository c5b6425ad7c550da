//! [`SemeaiParams`] set field by field from text (`KEY=VALUE` of `tesuji
//! gtp --semeai`), for experiments: the switches (`on`/`off`) and limits
//! by their names, the owl's settling switches as `owl.NAME`.

use super::semeai::{OwlSettling, SemeaiParams};
use crate::param_text::switch;

/// A switch of `T` by its field's name.
type Switch<T> = (&'static str, fn(&mut T) -> &mut bool);

/// The switches of [`SemeaiParams`] by name.
const SWITCHES: &[Switch<SemeaiParams>] = &[
    ("revise_statuses", |p| &mut p.revise_statuses),
    ("approach_moves", |p| &mut p.approach_moves),
    ("reinforce_before_filling", |p| {
        &mut p.reinforce_before_filling
    }),
    ("vital_point_defends", |p| &mut p.vital_point_defends),
    ("unread_kill_point", |p| &mut p.unread_kill_point),
    ("weak_kill_point", |p| &mut p.weak_kill_point),
    ("throw_in_own_eye", |p| &mut p.throw_in_own_eye),
    ("dead_first_lives_by_capture", |p| {
        &mut p.dead_first_lives_by_capture
    }),
    ("dead_second_dies_uncaptured", |p| {
        &mut p.dead_second_dies_uncaptured
    }),
];

/// The limits of [`SemeaiParams`] (whole numbers) by name.
const LIMITS: &[&str] = &["node_limit", "depth_limit", "capture_checks"];

/// The switches of [`OwlSettling`] by name (given as `owl.NAME`).
const SETTLING: &[Switch<OwlSettling>] = &[
    ("both_alive", |s| &mut s.both_alive),
    ("weak_against_alive", |s| &mut s.weak_against_alive),
    ("alive_against_weak", |s| &mut s.alive_against_weak),
    ("alive_bounds_race", |s| &mut s.alive_bounds_race),
    ("ko_settles", |s| &mut s.ko_settles),
    ("weak_against_undefended", |s| {
        &mut s.weak_against_undefended
    }),
    ("defence_kills", |s| &mut s.defence_kills),
    ("defence_kills_alive", |s| &mut s.defence_kills_alive),
    ("unread_death_settles", |s| &mut s.unread_death_settles),
    ("dead_against_alive", |s| &mut s.dead_against_alive),
    ("undefended_against_alive", |s| {
        &mut s.undefended_against_alive
    }),
];

impl SemeaiParams {
    /// Sets the field `key` from `value` (`node_limit=5000`,
    /// `throw_in_own_eye=off`, `owl.defence_kills_alive=on`, …); the
    /// error names the key and the values it takes, or every key when
    /// there is no such field.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), String> {
        let flag = || {
            switch(value).ok_or_else(|| {
                format!("semeai parameter {key}: bad value {value:?} (allowed: on|off)")
            })
        };
        if let Some(field) = key
            .strip_prefix("owl.")
            .and_then(|name| switch_named(SETTLING, name))
        {
            *field(&mut self.owl) = flag()?;
            return Ok(());
        }
        if let Some(field) = switch_named(SWITCHES, key) {
            *field(self) = flag()?;
            return Ok(());
        }
        if LIMITS.contains(&key) {
            let n: u64 = value.parse().map_err(|_| {
                format!("semeai parameter {key}: bad value {value:?} (allowed: a whole number)")
            })?;
            let count =
                usize::try_from(n).map_err(|_| format!("semeai parameter {key}: too big"))?;
            match key {
                "node_limit" => self.node_limit = n,
                "depth_limit" => self.depth_limit = count,
                _ => self.capture_checks = count,
            }
            return Ok(());
        }
        let names: Vec<String> = SWITCHES
            .iter()
            .map(|(n, _)| n)
            .chain(LIMITS)
            .map(|n| n.to_string())
            .chain(SETTLING.iter().map(|(n, _)| format!("owl.{n}")))
            .collect();
        Err(format!(
            "no semeai parameter {key} (the parameters: {})",
            names.join(", ")
        ))
    }
}

/// The field of the switch named `name` in `table`.
fn switch_named<T>(table: &[Switch<T>], name: &str) -> Option<fn(&mut T) -> &mut bool> {
    table
        .iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, field)| field)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_are_set_by_their_names() {
        let mut params = SemeaiParams::default();
        params.set("node_limit", "500").unwrap();
        params.set("throw_in_own_eye", "off").unwrap();
        params.set("owl.defence_kills_alive", "on").unwrap();
        let default = SemeaiParams::default();
        assert_eq!(
            params,
            SemeaiParams {
                node_limit: 500,
                throw_in_own_eye: false,
                owl: OwlSettling {
                    defence_kills_alive: true,
                    ..default.owl
                },
                ..default
            }
        );
    }

    #[test]
    fn every_listed_name_is_a_field() {
        for (name, _) in SWITCHES {
            SemeaiParams::default().set(name, "on").unwrap();
        }
        for name in LIMITS {
            SemeaiParams::default().set(name, "1").unwrap();
        }
        for (name, _) in SETTLING {
            SemeaiParams::default()
                .set(&format!("owl.{name}"), "off")
                .unwrap();
        }
    }

    #[test]
    fn errors_name_the_key_and_leave_the_params_unchanged() {
        let mut params = SemeaiParams::default();
        let unknown = params.set("no_such_field", "on").unwrap_err();
        assert!(
            unknown.contains("no_such_field") && unknown.contains("owl.defence_kills"),
            "{unknown}"
        );
        let flag = params.set("owl.defence_kills", "1").unwrap_err();
        assert!(flag.contains("on|off"), "{flag}");
        let number = params.set("node_limit", "many").unwrap_err();
        assert!(number.contains("whole"), "{number}");
        assert_eq!(params, SemeaiParams::default());
    }
}
