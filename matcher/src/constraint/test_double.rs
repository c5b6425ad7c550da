//! A deterministic pseudo-random [`Context`] for tests: every answer is a
//! hash of a seed, the function name and its arguments, and every call is
//! logged. Two evaluations of the same code (generated or interpreted) on
//! equal seeds must give equal results and equal call logs.

use super::context_methods::{context_layers, impl_context_layers};
use crate::autohelper::{Autohelper, EngineBuiltin};
use crate::context::{Context, Point};
use crate::layer::{Callee, LayerSet};

/// The test double. Integer answers lie in `0..=5` (so they cover every
/// result code and small liberty counts), float answers in `[0, 1)`.
#[derive(Debug, Clone)]
pub struct PseudoRandomContext {
    /// Mixed into every answer.
    pub seed: u64,
    /// One line per call, in call order: `name(moves;targets)=answer`.
    pub log: Vec<String>,
    /// The engine layers the double answers ([`Context::answers`]); all by
    /// default. Two-valued evaluation still asks every method.
    pub layers: LayerSet,
    /// Mixed into the answers of the methods outside `layers` only: varying
    /// it gives every completion of what three-valued evaluation treats as
    /// unknown, while the known answers stay the same.
    pub completion: u64,
}

impl Default for PseudoRandomContext {
    fn default() -> PseudoRandomContext {
        PseudoRandomContext::new(0)
    }
}

impl PseudoRandomContext {
    /// A fresh double with this seed, an empty log and every layer.
    pub fn new(seed: u64) -> PseudoRandomContext {
        PseudoRandomContext {
            seed,
            log: Vec::new(),
            layers: LayerSet::ALL,
            completion: 0,
        }
    }

    /// The same double answering only the layers in `layers`.
    pub fn with_layers(self, layers: LayerSet) -> PseudoRandomContext {
        PseudoRandomContext { layers, ..self }
    }

    /// The same double with another completion of the unanswered methods.
    pub fn with_completion(self, completion: u64) -> PseudoRandomContext {
        PseudoRandomContext { completion, ..self }
    }

    fn record(&mut self, name: &str, moves: &[Option<Point>], targets: &[Point]) -> u64 {
        let mut hash = mix(self.seed ^ 0x9e37_79b9_7f4a_7c15);
        for byte in name.bytes() {
            hash = mix(hash ^ byte as u64);
        }
        if callee_named(name).is_some_and(|callee| !self.answers(callee)) {
            hash = mix(hash ^ self.completion);
        }
        let mut text = format!("{name}(");
        for m in moves {
            match m {
                Some(p) => {
                    hash = mix(hash ^ point_code(*p));
                    text.push_str(&format!("{},{} ", p.i, p.j));
                }
                None => {
                    hash = mix(hash ^ 0xdead);
                    text.push_str("? ");
                }
            }
        }
        text.push(';');
        for p in targets {
            hash = mix(hash ^ point_code(*p) ^ 0x5555);
            text.push_str(&format!(" {},{}", p.i, p.j));
        }
        text.push(')');
        self.log.push(text);
        hash
    }

    /// Appends `answer` to the last logged call and returns it.
    fn answer<T: std::fmt::Display>(&mut self, answer: T) -> T {
        if let Some(last) = self.log.last_mut() {
            last.push_str(&format!("={answer}"));
        }
        answer
    }
}

/// How the double turns a call's hash into a result of the method's type.
trait Answer {
    fn from_hash(ctx: &mut PseudoRandomContext, hash: u64) -> Self;
}

impl Answer for i32 {
    fn from_hash(ctx: &mut PseudoRandomContext, hash: u64) -> i32 {
        ctx.answer((hash % 6) as i32)
    }
}

impl Answer for f32 {
    fn from_hash(ctx: &mut PseudoRandomContext, hash: u64) -> f32 {
        ctx.answer((hash % 1000) as f32 / 1000.0)
    }
}

/// Actions return nothing: the call is logged without an answer.
impl Answer for () {
    fn from_hash(_ctx: &mut PseudoRandomContext, _hash: u64) {}
}

/// The callee a method name denotes.
fn callee_named(name: &str) -> Option<Callee> {
    if name == "doing_scoring" {
        return Some(Callee::DoingScoring);
    }
    Autohelper::from_name(name)
        .map(Callee::Autohelper)
        .or_else(|| EngineBuiltin::from_name(name).map(Callee::Builtin))
}

fn point_code(p: Point) -> u64 {
    ((p.i as u64) << 8) | p.j as u64
}

/// SplitMix64's finaliser.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// One method of the double: it logs the call (name, moves, targets) and
/// answers from the call's hash.
macro_rules! pseudo_random_method {
    (
        fn $name:ident($moves:ident: &[Option<Point>], $($target:ident: Point),*)
        $(-> $result:ty)?
    ) => {
        fn $name(&mut self, $moves: &[Option<Point>], $($target: Point),*) $(-> $result)? {
            let hash = self.record(stringify!($name), $moves, &[$($target),*]);
            Answer::from_hash(self, hash)
        }
    };
    (fn $name:ident($points:ident: &[Point]) $(-> $result:ty)?) => {
        fn $name(&mut self, $points: &[Point]) $(-> $result)? {
            let hash = self.record(stringify!($name), &[], $points);
            Answer::from_hash(self, hash)
        }
    };
    (fn $name:ident($($target:ident: Point),*) $(-> $result:ty)?) => {
        fn $name(&mut self, $($target: Point),*) $(-> $result)? {
            let hash = self.record(stringify!($name), &[], &[$($target),*]);
            Answer::from_hash(self, hash)
        }
    };
}

context_layers!(
    impl_context_layers,
    PseudoRandomContext,
    pseudo_random_method
);

impl Context for PseudoRandomContext {
    fn answers(&self, callee: Callee) -> bool {
        self.layers.contains(callee.layer())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::autohelper::CATALOGUE;
    use crate::constraint::Value;
    use crate::constraint::context_methods::call_every_method;

    /// Calls every method once with fixed arguments; returns the log.
    fn every_call(seed: u64) -> Vec<String> {
        let targets = [
            Point::new(3, 4),
            Point::new(0, 18),
            Point::new(12, 7),
            Point::new(5, 5),
        ];
        let moves = [Some(Point::new(2, 2)), None, Some(Point::new(9, 1))];
        let mut ctx = PseudoRandomContext::new(seed);
        let answers = call_every_method(&mut ctx, &moves, &targets);
        // One log line per call, ending in the answer returned (actions log
        // none and answer 0).
        assert_eq!(ctx.log.len(), answers.len());
        for ((name, value), line) in answers.iter().zip(&ctx.log) {
            assert!(line.starts_with(&format!("{name}(")), "{line}");
            let shown = match value {
                Value::Int(v) => v.to_string(),
                Value::Float(v) => v.to_string(),
                Value::Double(v) => v.to_string(),
            };
            if line.ends_with(')') {
                assert_eq!(*value, Value::Int(0), "{line}");
            } else {
                assert!(line.ends_with(&format!(")={shown}")), "{line}");
            }
        }
        ctx.log
    }

    /// FNV-1a, to pin a long log in one constant.
    fn digest(lines: &[String]) -> u64 {
        let mut hash = 0xcbf2_9ce4_8422_2325u64;
        for byte in lines.join("\n").bytes() {
            hash = (hash ^ byte as u64).wrapping_mul(0x0100_0000_01b3);
        }
        hash
    }

    /// Answers depend on the seed, the name and the arguments only, so the
    /// catalogue's calls are pinned together and the rest one by one.
    #[test]
    fn answers_and_log_are_pinned() {
        let logs: Vec<Vec<String>> = (0..3).map(every_call).collect();
        let catalogue: Vec<String> = logs
            .iter()
            .flat_map(|log| log[..CATALOGUE.len()].iter().cloned())
            .collect();
        let log = &logs[0];
        assert_eq!(log[0], "lib2(; 3,4)=2");
        let call = |name: &str| log.iter().find(|l| l.starts_with(name)).unwrap().as_str();
        assert_eq!(
            call("xplay_defend_both("),
            "xplay_defend_both(2,2 ? 9,1 ; 3,4 0,18)=3"
        );
        assert_eq!(call("x_somewhere("), "x_somewhere(; 3,4 0,18 12,7 5,5)=0");
        assert_eq!(call("defend_against_atari("), "defend_against_atari(; 3,4)");
        assert_eq!(call("weakness("), "weakness(; 3,4)=0.894");
        assert_eq!(call("value("), "value(;)=0.909");
        assert_eq!(
            call("disconnect_helper("),
            "disconnect_helper(; 3,4 0,18)=5"
        );
        assert_eq!(
            call("distrust_tactics_helper("),
            "distrust_tactics_helper(; 3,4)=5"
        );
        assert_eq!(call("bent_four_helper("), "bent_four_helper(; 3,4)=0");
        assert_eq!(call("doing_scoring("), "doing_scoring(;)=5");
        assert_eq!(digest(&catalogue), 5_147_887_834_886_223_843);
    }
}
