//! GNU Go's `dragon_data [VERTEX]` over the analysis's dragon data
//! (`engine::front::dragon_data`): one block per dragon, a `ORIGIN:` line
//! then one `name value` line per field, the name padded to 23 columns,
//! floats with two decimals, reading codes in GNU Go's internal numbering
//! (0, 1 = KO_B, 4 = KO_A, 5 = WIN). Without a vertex every dragon's block
//! in board order; on an empty vertex GNU Go's `VERTEX empty`.
//!
//! Fields the engine does not compute yet print GNU Go's value for "none":
//! `surround_status`,
//! `surround_size`, `moyo_territorial_value` print 0 (`moyo_size` is the
//! engine's, `engine::front::dragon_moyo`), the owl
//! threat status `unchecked`, the second owl points `PASS`; `semeais`
//! counts the races the analysis read with the dragon, the other semeai
//! fields print 0 / `PASS`.
//!
//! Also `analyze_semeai DRAGONA DRAGONB` over `engine::owl::semeai`.

use engine::Engine;
use engine::front::Analysis;
use engine::front::dragon_data::{DragonInfo, status_name};
use engine::front::semeai_answers;
use goban::{Geometry, Vertex};
use tactics::codes::Code;

use crate::protocol::Answer;

/// The answer to `dragon_data [VERTEX]` on `analysis`.
pub fn dragon_data(analysis: &Analysis, geometry: Geometry, args: &[String]) -> Answer {
    let Some(text) = args.first() else {
        let blocks: Vec<String> = analysis
            .dragon_infos()
            .iter()
            .map(|info| block(info, semeais(analysis, info.origin), geometry))
            .collect();
        return Ok(blocks.join("\n"));
    };
    let v = geometry.parse_gtp(text).ok_or("invalid coordinate")?;
    match analysis.dragon_info(v) {
        Some(info) => Ok(block(info, semeais(analysis, info.origin), geometry)),
        None => Ok(format!("{} empty", geometry.gtp(v))),
    }
}

/// How many races the analysis read with the dragon `origin` in them.
fn semeais(analysis: &Analysis, origin: Vertex) -> usize {
    analysis
        .semeais()
        .iter()
        .filter(|p| p.first == origin || p.second == origin)
        .count()
}

/// One dragon's block (`semeais`: the races it is in).
pub fn block(info: &DragonInfo, semeais: usize, geometry: Geometry) -> String {
    let point = |p: Option<Vertex>| p.map_or("PASS".to_string(), |v| geometry.gtp(v));
    let list = |vs: &[Vertex]| {
        vs.iter()
            .map(|&v| format!("{} ", geometry.gtp(v)))
            .collect::<String>()
    };
    let yes = |certain: bool| if certain { "YES" } else { "NO" };
    let color = info.color.name();
    let attack = info.owl.map(|a| a.attack);
    let defend = info.owl.and_then(|a| a.defend);
    let genus = info
        .genus
        .map_or_else(|| "0000".to_string(), |g| g.to_gnugo());
    let fields: Vec<(&str, String)> = vec![
        ("color", color.into()),
        ("origin", geometry.gtp(info.origin)),
        ("size", info.size.to_string()),
        ("effective_size", format!("{:.2}", info.effective_size)),
        ("strategic_size", format!("{:.2}", info.strategic_size)),
        ("genus", genus),
        ("heye", point(info.heye)),
        ("escape_route", info.escape_route.to_string()),
        ("lunch", point(info.lunch)),
        ("crude_status", status_name(info.crude_status).into()),
        ("owl_status", info.owl_status().into()),
        ("status", status_name(info.status).into()),
        ("safety", info.safety.name().into()),
        ("weakness", format!("{:.2}", info.weakness)),
        ("weakness_pre_owl", format!("{:.2}", info.weakness_pre_owl)),
        ("surround_status", "0".into()),
        ("surround_size", "0".into()),
        ("moyo_size", info.moyo_size.to_string()),
        ("moyo_territorial_value", "0.00".into()),
        ("neighbors", list(&info.neighbors)),
        ("hostile_neighbors", info.hostile_neighbors.to_string()),
        (
            "owl_attack_code",
            attack.map_or(Code::Fail, |a| a.code).internal().to_string(),
        ),
        ("owl_attack_point", point(attack.and_then(|a| a.point))),
        (
            "owl_attack_certain",
            yes(attack.is_none_or(|a| a.certain)).into(),
        ),
        ("owl_2nd_attack_point", "PASS".into()),
        ("owl_threat_status", "unchecked".into()),
        (
            "owl_defense_code",
            defend.map_or(Code::Fail, |d| d.code).internal().to_string(),
        ),
        ("owl_defense_point", point(defend.and_then(|d| d.point))),
        (
            "owl_defense_certain",
            yes(defend.is_none_or(|d| d.certain)).into(),
        ),
        ("owl_2nd_defense_point", "PASS".into()),
        ("owl_attack_kworm", "PASS".into()),
        ("owl_defense_kworm", "PASS".into()),
        ("semeais", semeais.to_string()),
        ("semeai_defense_code", "0".into()),
        ("semeai_defense_point", "PASS".into()),
        ("semeai_defense_certain", "0".into()),
        ("semeai_defense_target", "PASS".into()),
        ("semeai_attack_code", "0".into()),
        ("semeai_attack_point", "PASS".into()),
        ("semeai_attack_certain", "0".into()),
        ("semeai_attack_target", "PASS".into()),
        ("strings", list(&info.strings)),
    ];
    let mut text = format!("{}:", geometry.gtp(info.origin));
    for (name, value) in fields {
        text.push_str(&format!("\n{name:<23} {value}"));
    }
    text
}

/// The answer to `analyze_semeai DRAGONA DRAGONB` on `engine`'s current
/// position ([`engine::front::semeai_answers::analyze_semeai`]): GNU Go's
/// `DEFENCE ATTACK MOVE`, the codes in GTP numbering (1 succeeds, 2 KO_A,
/// 3 KO_B, 0 fails).
pub fn analyze_semeai(engine: &mut Engine, args: &[String]) -> Answer {
    let geometry = engine.current_board().geometry();
    let [a, b, ..] = args else {
        return Err("invalid coordinate".into());
    };
    let a = geometry.parse_gtp(a).ok_or("invalid coordinate")?;
    let b = geometry.parse_gtp(b).ok_or("invalid coordinate")?;
    let params = engine.semeai_params();
    let result = semeai_answers::analyze_semeai(engine, a, b, params)?;
    let point = result.point.map_or("PASS".to_string(), |v| geometry.gtp(v));
    Ok(format!(
        "{} {} {point}",
        result.defence.gtp(),
        result.attack.gtp()
    ))
}
