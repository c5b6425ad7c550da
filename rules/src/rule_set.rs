//! The rule set: every option of KataGo's rules (ko, scoring, tax,
//! multi-stone suicide, button, white handicap bonus, komi), KataGo's named
//! presets, its JSON form (`kata-get-rules` / `kata-set-rules`) and its
//! short one-word form (`koSIMPLEscoreAREAtaxNONEsui1button0whb0`), plus a
//! `gnugo` preset for GNU Go 3.8's own move rules.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// How repetition is prevented.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum KoRule {
    /// Only the simple-ko point is forbidden; a long cycle repeated three
    /// times ends the game without result.
    Simple,
    /// No move may repeat an earlier board.
    Positional,
    /// No move may repeat an earlier board with the same player to move.
    Situational,
    /// Positional superko whose memory every pass clears; the game ends when
    /// a player passes again from a position they already passed from.
    Spight,
}

/// How the game is counted.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ScoringRule {
    /// Stones plus surrounded points (Chinese-like).
    Area,
    /// Surrounded points plus captures, with two cleanup phases
    /// (Japanese-like).
    Territory,
}

/// Which points do not count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TaxRule {
    /// Everything counts.
    None,
    /// Territory in seki does not count.
    Seki,
    /// As `Seki`, and every independently living group pays two points.
    All,
}

/// White's bonus in handicap games, in handicap stones `N`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WhiteHandicapBonus {
    /// No bonus.
    #[serde(rename = "0")]
    Zero,
    /// `N` points.
    #[serde(rename = "N")]
    N,
    /// `N - 1` points.
    #[serde(rename = "N-1")]
    NMinusOne,
}

impl WhiteHandicapBonus {
    /// The bonus for `handicap_stones` handicap stones.
    pub fn points(self, handicap_stones: usize) -> f64 {
        match self {
            WhiteHandicapBonus::Zero => 0.0,
            WhiteHandicapBonus::N => handicap_stones as f64,
            WhiteHandicapBonus::NMinusOne => handicap_stones.saturating_sub(1) as f64,
        }
    }

    /// KataGo's spelling: `0`, `N` or `N-1`.
    pub fn as_str(self) -> &'static str {
        match self {
            WhiteHandicapBonus::Zero => "0",
            WhiteHandicapBonus::N => "N",
            WhiteHandicapBonus::NMinusOne => "N-1",
        }
    }
}

/// A complete rule set. Serialises to KataGo's JSON form, field names as
/// `kata-get-rules` prints them.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Rules {
    /// Whether [button Go](https://senseis.xmp.net/?ButtonGo) is played.
    #[serde(rename = "hasButton")]
    pub has_button: bool,
    /// The ko rule.
    pub ko: KoRule,
    /// The scoring rule.
    pub scoring: ScoringRule,
    /// Whether suicide of more than one stone is legal (single-stone
    /// suicide never is).
    #[serde(rename = "suicide")]
    pub multi_stone_suicide: bool,
    /// The tax rule.
    pub tax: TaxRule,
    /// White's handicap bonus.
    #[serde(rename = "whiteHandicapBonus")]
    pub white_handicap_bonus: WhiteHandicapBonus,
    /// Whether passing before all dead stones are captured is fine (an
    /// informational setting: it changes no rule here).
    #[serde(rename = "friendlyPassOk", default)]
    pub friendly_pass_ok: bool,
    /// Komi, added to White's score.
    #[serde(default = "default_komi")]
    pub komi: f64,
}

fn default_komi() -> f64 {
    7.5
}

/// Every preset name [`Rules::preset`] accepts, in KataGo's spelling, with
/// `gnugo` last.
pub const PRESET_NAMES: [&str; 12] = [
    "tromp-taylor",
    "chinese",
    "chinese-ogs",
    "chinese-kgs",
    "japanese",
    "korean",
    "stone-scoring",
    "aga",
    "bga",
    "new-zealand",
    "aga-button",
    "gnugo",
];

/// Why rules could not be read.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RulesError {
    /// A name that is no preset and no short form.
    #[error("unknown rules `{0}` (known: {list}, a JSON object, or a short form such as koSIMPLEscoreAREAtaxNONEsui1button0whb0)", list = PRESET_NAMES.join(", "))]
    UnknownName(String),
    /// A field of a short form or JSON object with a value it cannot take.
    #[error("field `{field}`: {cause}")]
    BadField {
        /// The field (KataGo's name).
        field: String,
        /// What is wrong.
        cause: String,
    },
    /// JSON that does not describe rules.
    #[error("rules JSON: {0}")]
    Json(String),
}

impl Rules {
    /// Tromp-Taylor rules (KataGo's default), with `komi`.
    pub fn tromp_taylor(komi: f64) -> Rules {
        Rules {
            has_button: false,
            ko: KoRule::Positional,
            scoring: ScoringRule::Area,
            multi_stone_suicide: true,
            tax: TaxRule::None,
            white_handicap_bonus: WhiteHandicapBonus::Zero,
            friendly_pass_ok: false,
            komi,
        }
    }

    /// The preset called `name` (KataGo's names; case, `-`, `_` and spaces
    /// are not significant, so `TrompTaylor` and `new_zealand` work too), with
    /// komi 7.5 (6.5 for the territory presets). `gnugo` is GNU Go 3.8's own
    /// move rules, simple ko and no suicide, scored by area (GNU Go itself
    /// scores territory, Japanese rules, unless run with `--chinese-rules`).
    pub fn preset(name: &str) -> Option<Rules> {
        let key: String = name
            .chars()
            .filter(|c| !matches!(c, '-' | '_' | ' '))
            .flat_map(char::to_lowercase)
            .collect();
        use KoRule::*;
        use ScoringRule::*;
        use WhiteHandicapBonus as Whb;
        let make = |ko, scoring, suicide, tax, button, whb| Rules {
            has_button: button,
            ko,
            scoring,
            multi_stone_suicide: suicide,
            tax,
            white_handicap_bonus: whb,
            friendly_pass_ok: false,
            komi: if scoring == Territory { 6.5 } else { 7.5 },
        };
        let rules = match key.as_str() {
            "tromptaylor" => make(Positional, Area, true, TaxRule::None, false, Whb::Zero),
            "chinese" => make(Simple, Area, false, TaxRule::None, false, Whb::N),
            "chineseogs" | "chinesekgs" => {
                make(Positional, Area, false, TaxRule::None, false, Whb::N)
            }
            "japanese" | "korean" => {
                make(Simple, Territory, false, TaxRule::Seki, false, Whb::Zero)
            }
            "stonescoring" => make(Simple, Area, false, TaxRule::All, false, Whb::Zero),
            "aga" | "bga" => make(
                Situational,
                Area,
                false,
                TaxRule::None,
                false,
                Whb::NMinusOne,
            ),
            "newzealand" => make(Situational, Area, true, TaxRule::None, false, Whb::Zero),
            "agabutton" => make(
                Situational,
                Area,
                false,
                TaxRule::None,
                true,
                Whb::NMinusOne,
            ),
            "gnugo" => make(Simple, Area, false, TaxRule::None, false, Whb::Zero),
            _ => return None,
        };
        Some(rules)
    }

    /// Reads rules the way `kata-set-rules` does: a JSON object (fields as
    /// [`Rules::to_json`] writes them; `komi` and `friendlyPassOk` optional),
    /// a preset name, or a short form.
    pub fn parse(text: &str) -> Result<Rules, RulesError> {
        let text = text.trim();
        if text.starts_with('{') {
            return Rules::from_json(text);
        }
        if let Some(rules) = Rules::preset(text) {
            return Ok(rules);
        }
        if text.starts_with("ko") {
            return Rules::from_short_form(text);
        }
        Err(RulesError::UnknownName(text.to_string()))
    }

    /// Reads KataGo's JSON form. Errors name the field.
    pub fn from_json(text: &str) -> Result<Rules, RulesError> {
        let value: serde_json::Value =
            serde_json::from_str(text).map_err(|e| RulesError::Json(e.to_string()))?;
        let object = value
            .as_object()
            .ok_or_else(|| RulesError::Json("expected an object".into()))?;
        for field in [
            "hasButton",
            "ko",
            "scoring",
            "suicide",
            "tax",
            "whiteHandicapBonus",
        ] {
            if !object.contains_key(field) {
                return Err(RulesError::BadField {
                    field: field.into(),
                    cause: "missing".into(),
                });
            }
        }
        for (field, entry) in object {
            let mut single = serde_json::Map::new();
            single.insert(field.clone(), entry.clone());
            let probe = FieldProbe::deserialize(serde_json::Value::Object(single));
            if let Err(e) = probe {
                return Err(RulesError::BadField {
                    field: field.clone(),
                    cause: e.to_string(),
                });
            }
        }
        serde_json::from_value(value).map_err(|e| RulesError::Json(e.to_string()))
    }

    /// KataGo's JSON form (`kata-get-rules`).
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
    }

    /// Reads the short form `ko<KO>score<SCORING>tax<TAX>sui<0|1>` followed
    /// by optional `button<0|1>`, `whb<0|N|N-1>`, `fpok<0|1>` and
    /// `komi<float>`, in that order. Missing optional parts take
    /// Tromp-Taylor's values (komi 7.5).
    pub fn from_short_form(text: &str) -> Result<Rules, RulesError> {
        let mut rest = text;
        let mut rules = Rules::tromp_taylor(7.5);
        let take = |rest: &mut &str,
                    key: &str,
                    values: &[&str]|
         -> Result<Option<String>, RulesError> {
            let Some(after) = rest.strip_prefix(key) else {
                return Ok(None);
            };
            // The longest listed value that prefixes what follows.
            let found = values
                .iter()
                .filter(|v| after.starts_with(**v))
                .max_by_key(|v| v.len());
            match found {
                Some(value) => {
                    *rest = &after[value.len()..];
                    Ok(Some((*value).to_string()))
                }
                None => Err(RulesError::BadField {
                    field: key.into(),
                    cause: format!("`{after}` does not start with one of {}", values.join(", ")),
                }),
            }
        };
        let required = |found: Option<String>, key: &str| {
            found.ok_or_else(|| RulesError::BadField {
                field: key.into(),
                cause: "missing".into(),
            })
        };
        rules.ko = match required(
            take(
                &mut rest,
                "ko",
                &["SIMPLE", "POSITIONAL", "SITUATIONAL", "SPIGHT"],
            )?,
            "ko",
        )?
        .as_str()
        {
            "SIMPLE" => KoRule::Simple,
            "POSITIONAL" => KoRule::Positional,
            "SITUATIONAL" => KoRule::Situational,
            _ => KoRule::Spight,
        };
        rules.scoring =
            match required(take(&mut rest, "score", &["AREA", "TERRITORY"])?, "score")?.as_str() {
                "AREA" => ScoringRule::Area,
                _ => ScoringRule::Territory,
            };
        rules.tax =
            match required(take(&mut rest, "tax", &["NONE", "SEKI", "ALL"])?, "tax")?.as_str() {
                "NONE" => TaxRule::None,
                "SEKI" => TaxRule::Seki,
                _ => TaxRule::All,
            };
        rules.multi_stone_suicide = required(take(&mut rest, "sui", &["0", "1"])?, "sui")? == "1";
        if let Some(button) = take(&mut rest, "button", &["0", "1"])? {
            rules.has_button = button == "1";
        }
        if let Some(whb) = take(&mut rest, "whb", &["0", "N", "N-1"])? {
            rules.white_handicap_bonus = match whb.as_str() {
                "0" => WhiteHandicapBonus::Zero,
                "N" => WhiteHandicapBonus::N,
                _ => WhiteHandicapBonus::NMinusOne,
            };
        }
        if let Some(fpok) = take(&mut rest, "fpok", &["0", "1"])? {
            rules.friendly_pass_ok = fpok == "1";
        }
        if let Some(komi) = rest.strip_prefix("komi") {
            rules.komi = komi.parse().map_err(|_| RulesError::BadField {
                field: "komi".into(),
                cause: format!("`{komi}` is not a number"),
            })?;
            if !rules.komi.is_finite() {
                return Err(RulesError::BadField {
                    field: "komi".into(),
                    cause: format!("`{komi}` is not finite"),
                });
            }
            rest = "";
        }
        if !rest.is_empty() {
            return Err(RulesError::BadField {
                field: "short form".into(),
                cause: format!("unexpected trailing text `{rest}`"),
            });
        }
        Ok(rules)
    }

    /// The short form, every part spelled out (komi last).
    pub fn to_short_form(&self) -> String {
        format!(
            "ko{}score{}tax{}sui{}button{}whb{}fpok{}komi{}",
            self.ko,
            match self.scoring {
                ScoringRule::Area => "AREA",
                ScoringRule::Territory => "TERRITORY",
            },
            match self.tax {
                TaxRule::None => "NONE",
                TaxRule::Seki => "SEKI",
                TaxRule::All => "ALL",
            },
            u8::from(self.multi_stone_suicide),
            u8::from(self.has_button),
            self.white_handicap_bonus.as_str(),
            u8::from(self.friendly_pass_ok),
            self.komi
        )
    }
}

impl fmt::Display for KoRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            KoRule::Simple => "SIMPLE",
            KoRule::Positional => "POSITIONAL",
            KoRule::Situational => "SITUATIONAL",
            KoRule::Spight => "SPIGHT",
        })
    }
}

impl FromStr for Rules {
    type Err = RulesError;

    fn from_str(text: &str) -> Result<Rules, RulesError> {
        Rules::parse(text)
    }
}

/// One field of the JSON form at a time, to name the field that is wrong.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
#[allow(dead_code)]
struct FieldProbe {
    #[serde(rename = "hasButton")]
    has_button: Option<bool>,
    ko: Option<KoRule>,
    scoring: Option<ScoringRule>,
    suicide: Option<bool>,
    tax: Option<TaxRule>,
    #[serde(rename = "whiteHandicapBonus")]
    white_handicap_bonus: Option<WhiteHandicapBonus>,
    #[serde(rename = "friendlyPassOk")]
    friendly_pass_ok: Option<bool>,
    komi: Option<f64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_match_katago_documentation() {
        let japanese = Rules::preset("japanese").unwrap();
        assert_eq!(japanese.ko, KoRule::Simple);
        assert_eq!(japanese.scoring, ScoringRule::Territory);
        assert_eq!(japanese.tax, TaxRule::Seki);
        assert_eq!(Rules::preset("korean"), Some(japanese));
        let aga_button = Rules::preset("aga-button").unwrap();
        assert!(aga_button.has_button);
        assert_eq!(
            aga_button.white_handicap_bonus,
            WhiteHandicapBonus::NMinusOne
        );
        assert_eq!(Rules::preset("TrompTaylor"), Rules::preset("tromp-taylor"));
        assert_eq!(
            Rules::preset("new_zealand").unwrap().ko,
            KoRule::Situational
        );
        assert_eq!(Rules::preset("stone-scoring").unwrap().tax, TaxRule::All);
        for name in PRESET_NAMES {
            assert!(Rules::preset(name).is_some(), "{name}");
        }
        assert!(Rules::preset("ing").is_none());
    }

    #[test]
    fn json_round_trips_with_katago_field_names() {
        let rules = Rules::preset("chinese").unwrap();
        let json = rules.to_json();
        assert!(json.contains("\"hasButton\":false"), "{json}");
        assert!(json.contains("\"whiteHandicapBonus\":\"N\""), "{json}");
        assert!(json.contains("\"suicide\":false"), "{json}");
        assert_eq!(Rules::parse(&json).unwrap(), rules);
        let bare = r#"{"hasButton":true,"ko":"SPIGHT","scoring":"AREA","suicide":true,"tax":"ALL","whiteHandicapBonus":"N-1"}"#;
        let read = Rules::parse(bare).unwrap();
        assert_eq!(read.ko, KoRule::Spight);
        assert_eq!(read.komi, 7.5);
    }

    #[test]
    fn bad_json_names_the_field() {
        let bad_ko = r#"{"hasButton":false,"ko":"SUPER","scoring":"AREA","suicide":true,"tax":"NONE","whiteHandicapBonus":"0"}"#;
        match Rules::parse(bad_ko) {
            Err(RulesError::BadField { field, .. }) => assert_eq!(field, "ko"),
            other => panic!("{other:?}"),
        }
        let missing = r#"{"ko":"SIMPLE","scoring":"AREA","suicide":true,"tax":"NONE","whiteHandicapBonus":"0"}"#;
        match Rules::parse(missing) {
            Err(RulesError::BadField { field, .. }) => assert_eq!(field, "hasButton"),
            other => panic!("{other:?}"),
        }
        let extra = r#"{"hasButton":false,"ko":"SIMPLE","scoring":"AREA","suicide":true,"tax":"NONE","whiteHandicapBonus":"0","colour":1}"#;
        match Rules::parse(extra) {
            Err(RulesError::BadField { field, .. }) => assert_eq!(field, "colour"),
            other => panic!("{other:?}"),
        }
        assert!(matches!(Rules::parse("{"), Err(RulesError::Json(_))));
        assert!(matches!(
            Rules::parse("ing"),
            Err(RulesError::UnknownName(_))
        ));
    }

    #[test]
    fn short_forms_parse_and_round_trip() {
        let rules = Rules::parse("koSIMPLEscoreAREAtaxNONEsui1button0whb0").unwrap();
        assert_eq!(rules.ko, KoRule::Simple);
        assert!(rules.multi_stone_suicide);
        assert!(!rules.has_button);
        let rules =
            Rules::parse("koSITUATIONALscoreTERRITORYtaxALLsui0button1whbN-1komi6.5").unwrap();
        assert_eq!(rules.white_handicap_bonus, WhiteHandicapBonus::NMinusOne);
        assert_eq!(rules.komi, 6.5);
        assert_eq!(Rules::parse(&rules.to_short_form()).unwrap(), rules);
        match Rules::parse("koSIMPLEscoreAREAtaxMAYBEsui1") {
            Err(RulesError::BadField { field, .. }) => assert_eq!(field, "tax"),
            other => panic!("{other:?}"),
        }
        match Rules::parse("koSIMPLEscoreAREAtaxNONE") {
            Err(RulesError::BadField { field, .. }) => assert_eq!(field, "sui"),
            other => panic!("{other:?}"),
        }
    }
}
