//! GNU Go's result codes for reading: fail, a win through a ko the player
//! needs a threat for (KO_B), a win through a ko the player takes first
//! (KO_A), and an unconditional win (WIN). GNU Go prints its internal
//! numbers in `worm_data` and the GTP numbers in `attack`/`defend`.

/// A reading result, ordered from worst to best for the side that reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Code {
    /// The attack (or defence) fails.
    #[default]
    Fail,
    /// Succeeds through a ko for which the player first needs a ko threat.
    KoB,
    /// Succeeds through a ko the player can take first.
    KoA,
    /// Succeeds unconditionally.
    Win,
}

impl Code {
    /// GNU Go's internal number (`worm_data`): 0, KO_B 1, KO_A 4, WIN 5.
    pub fn internal(self) -> u8 {
        match self {
            Code::Fail => 0,
            Code::KoB => 1,
            Code::KoA => 4,
            Code::Win => 5,
        }
    }

    /// The GTP number (`attack`, `defend`): 0, WIN 1, KO_A 2, KO_B 3.
    pub fn gtp(self) -> u8 {
        match self {
            Code::Fail => 0,
            Code::Win => 1,
            Code::KoA => 2,
            Code::KoB => 3,
        }
    }

    /// The code from GTP's number, `None` for numbers that are not reading
    /// codes.
    pub fn from_gtp(n: u8) -> Option<Code> {
        match n {
            0 => Some(Code::Fail),
            1 => Some(Code::Win),
            2 => Some(Code::KoA),
            3 => Some(Code::KoB),
            _ => None,
        }
    }

    /// The opponent's result when a reply to this side's move yields
    /// `self` for the replying side: a failed reply is a win, a reply that
    /// wins by a ko it needs a threat for is a ko the mover takes first
    /// (KO_A), and the converse.
    pub fn for_opponent(self) -> Code {
        match self {
            Code::Fail => Code::Win,
            Code::KoB => Code::KoA,
            Code::KoA => Code::KoB,
            Code::Win => Code::Fail,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_round_trip_and_order() {
        for code in [Code::Fail, Code::KoB, Code::KoA, Code::Win] {
            assert_eq!(Code::from_gtp(code.gtp()), Some(code));
            assert_eq!(code.for_opponent().for_opponent(), code);
        }
        assert!(Code::Win > Code::KoA && Code::KoA > Code::KoB && Code::KoB > Code::Fail);
        assert_eq!(Code::from_gtp(4), None);
        assert_eq!(
            [Code::Fail, Code::KoB, Code::KoA, Code::Win].map(Code::internal),
            [0, 1, 4, 5]
        );
    }
}
