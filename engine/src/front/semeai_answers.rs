//! GNU Go's semeai answers on the engine's position: `analyze_semeai` of
//! two dragons (`crate::owl::semeai` with the analysis's owl answers and
//! the owl's capture check) and a dragon's status as GNU Go reports it
//! after its semeai revision ([`revised_status`]).
//!
//! GNU Go reads the race of two adjacent weak dragons (the owl's status
//! critical or dead) both ways and revises their statuses: a dragon that
//! survives moving first and that the other cannot kill moving first is
//! alive, one that survives moving first but is killed when the other
//! moves first is critical, one that cannot survive moving first and is
//! killed is dead (e.g. `semeai.tst` 82, 85: `owl_status` dead and
//! critical, `status` alive). The analysis's statuses stay the owl's
//! (`SemeaiParams::revise_statuses`); the revision is asked per dragon,
//! by GTP `dragon_status`, and is off ([`StatusRevision`]).

use goban::Vertex;
use matcher::scan::DragonStatus;
use tactics::Code;

use super::Analysis;
use super::engine::Engine;
use crate::owl::semeai::{
    self, CaptureCheck, OwlCaptureCheck, OwnLife, SemeaiParams, SemeaiResult,
};

/// How a dragon's races revise its status ([`revised_status`]); off
/// (`docs/tuning/semeai.md`, eighth round: GNU Go reads only some of the
/// pairs, by a rule not found yet).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum StatusRevision {
    /// No revision: the analysis's status.
    #[default]
    Off,
    /// The best status any of its races gives (a dragon that wins one race
    /// lives).
    Best,
    /// The worst status its races give (a dragon that loses one race dies).
    Worst,
}

/// The race between the dragons at `a` and `b` on the engine's position,
/// `a`'s side moving first (`Err`: not two dragons of opposite colours).
pub fn analyze_semeai(
    engine: &mut Engine,
    a: Vertex,
    b: Vertex,
    params: SemeaiParams,
) -> Result<SemeaiResult, String> {
    let ko = engine.position().ko();
    let board = engine.current_board().clone();
    let analysis = engine.analysis();
    let dragons = analysis.dragons();
    let (Some(first), Some(second)) = (dragons.dragon_of(a), dragons.dragon_of(b)) else {
        return Err("vertex must not be empty".into());
    };
    let lives = [
        own_life(analysis, first.origin),
        own_life(analysis, second.origin),
    ];
    let stones = [first.stones.clone(), second.stones.clone()];
    let race = |check: Option<&mut dyn CaptureCheck>| {
        semeai::analyze_semeai(&board, ko, [&stones[0], &stones[1]], lives, params, check)
    };
    engine
        .with_owl(&[a, b], |host, inputs, _| {
            race(Some(&mut OwlCaptureCheck { host, inputs }))
        })
        .unwrap_or_else(|| race(None))
        .ok_or_else(|| "the dragons must be of opposite colours".into())
}

/// What the analysis's owl found of the dragon at `origin` on its own.
pub fn own_life(analysis: &Analysis, origin: Vertex) -> OwnLife {
    let Some(info) = analysis.dragon_info(origin) else {
        return OwnLife::Unread;
    };
    match (info.status, info.owl) {
        (DragonStatus::Alive, _) => OwnLife::Alive,
        (_, Some(owl)) if owl.attack.code != Code::Fail => {
            let defend = owl.defend.filter(|d| d.code != Code::Fail);
            OwnLife::Weak {
                attack: owl.attack.point,
                attack_code: owl.attack.code,
                defence: defend.map(|d| d.point),
                defence_code: defend.map_or(Code::Fail, |d| d.code),
            }
        }
        _ => OwnLife::Unread,
    }
}

/// Whether a status takes part in GNU Go's semeai revision.
fn weak(status: Option<DragonStatus>) -> bool {
    matches!(status, Some(DragonStatus::Critical | DragonStatus::Dead))
}

/// A status's rank, dead lowest.
fn rank(status: DragonStatus) -> u8 {
    match status {
        DragonStatus::Dead => 0,
        DragonStatus::Critical => 1,
        DragonStatus::Unknown => 2,
        DragonStatus::Alive => 3,
    }
}

/// The status of a dragon that `survives` moving first and is `killed`
/// when the other moves first (`None`: neither, no revision).
fn status_of_race(survives: bool, killed: bool) -> Option<DragonStatus> {
    match (survives, killed) {
        (true, false) => Some(DragonStatus::Alive),
        (true, true) => Some(DragonStatus::Critical),
        (false, true) => Some(DragonStatus::Dead),
        (false, false) => None,
    }
}

/// The status of the dragon at `v` as GNU Go reports it: the analysis's,
/// revised by `how` from the dragon's races against its weak neighbours
/// of the other colour where the dragon is weak itself (`None`: no
/// dragon there or no status).
pub fn revised_status(
    engine: &mut Engine,
    v: Vertex,
    how: StatusRevision,
    params: SemeaiParams,
) -> Option<DragonStatus> {
    let analysis = engine.analysis();
    let origin = analysis.dragons().dragon_of(v)?.origin;
    let status = analysis.status(origin);
    if how == StatusRevision::Off || !weak(status) {
        return status;
    }
    let color = engine.current_board().cell(origin).color()?;
    let analysis = engine.analysis();
    let rivals: Vec<Vertex> = analysis
        .dragon_info(origin)
        .map(|info| info.neighbors.clone())
        .unwrap_or_default()
        .into_iter()
        .filter(|&n| weak(analysis.status(n)))
        .collect();
    let mut revised: Option<DragonStatus> = None;
    for rival in rivals {
        if engine.current_board().cell(rival).color() != Some(color.other()) {
            continue;
        }
        let (Ok(first), Ok(second)) = (
            analyze_semeai(engine, origin, rival, params),
            analyze_semeai(engine, rival, origin, params),
        ) else {
            continue;
        };
        let Some(race) = status_of_race(first.defends(), second.attacks()) else {
            continue;
        };
        revised = Some(match (revised, how) {
            (None, _) => race,
            (Some(s), StatusRevision::Best) if rank(race) > rank(s) => race,
            (Some(s), StatusRevision::Worst) if rank(race) < rank(s) => race,
            (Some(s), _) => s,
        });
    }
    revised.or(status)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_race_gives_the_status_of_who_survives_and_who_kills() {
        assert_eq!(status_of_race(true, false), Some(DragonStatus::Alive));
        assert_eq!(status_of_race(true, true), Some(DragonStatus::Critical));
        assert_eq!(status_of_race(false, true), Some(DragonStatus::Dead));
        assert_eq!(status_of_race(false, false), None);
        assert!(rank(DragonStatus::Dead) < rank(DragonStatus::Critical));
        assert!(rank(DragonStatus::Critical) < rank(DragonStatus::Alive));
    }
}
