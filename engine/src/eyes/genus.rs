//! A dragon's *genus* (GNU Go's `dragon_data` field): the eye values of
//! the eye spaces that belong to it, added as local games
//! (`EyeValue`'s `+`). A space belongs to a dragon when every stone of its
//! colour next to it is in that dragon (spaces between two dragons count
//! for neither).

use goban::{Board, Vertex};

use super::{EyeSpace, EyeValue};
use crate::dragons::Dragons;

/// The origin of the one dragon `space` borders, if there is one.
pub fn space_owner(board: &Board, dragons: &Dragons, space: &EyeSpace) -> Option<Vertex> {
    let geometry = board.geometry();
    let mut owner = None;
    for &p in &space.points {
        let v = geometry.vertex(p)?;
        for n in board.neighbours(v) {
            if board.cell(n).color() != Some(space.color) {
                continue;
            }
            let origin = dragons.origin(n);
            match owner {
                None => owner = origin,
                Some(o) if Some(o) != origin => return None,
                Some(_) => {}
            }
        }
    }
    owner
}

/// The genus of the dragon with origin `dragon`, from every space's
/// owner ([`space_owner`]) and eye value.
pub fn genus(
    spaces: impl IntoIterator<Item = (Option<Vertex>, EyeValue)>,
    dragon: Vertex,
) -> EyeValue {
    spaces
        .into_iter()
        .filter(|(owner, _)| *owner == Some(dragon))
        .fold(EyeValue::new([0; 4]), |sum, (_, value)| sum + value)
}
