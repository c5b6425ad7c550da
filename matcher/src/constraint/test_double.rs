//! A deterministic pseudo-random [`Context`] for tests: every answer is a
//! hash of a seed, the function name and its arguments, and every call is
//! logged. Two evaluations of the same code (generated or interpreted) on
//! equal seeds must give equal results and equal call logs.

use crate::context::{Context, Point};

/// The test double. Integer answers lie in `0..=5` (so they cover every
/// result code and small liberty counts), float answers in `[0, 1)`.
#[derive(Debug, Clone, Default)]
pub struct PseudoRandomContext {
    /// Mixed into every answer.
    pub seed: u64,
    /// One line per call, in call order: `name(moves;targets)=answer`.
    pub log: Vec<String>,
}

impl PseudoRandomContext {
    /// A fresh double with this seed and an empty log.
    pub fn new(seed: u64) -> PseudoRandomContext {
        PseudoRandomContext {
            seed,
            log: Vec::new(),
        }
    }

    fn record(&mut self, name: &str, moves: &[Option<Point>], targets: &[Point]) -> u64 {
        let mut hash = mix(self.seed ^ 0x9e37_79b9_7f4a_7c15);
        for byte in name.bytes() {
            hash = mix(hash ^ byte as u64);
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

    fn int(&mut self, hash: u64) -> i32 {
        let answer = (hash % 6) as i32;
        if let Some(last) = self.log.last_mut() {
            last.push_str(&format!("={answer}"));
        }
        answer
    }

    fn float(&mut self, hash: u64) -> f32 {
        let answer = (hash % 1000) as f32 / 1000.0;
        if let Some(last) = self.log.last_mut() {
            last.push_str(&format!("={answer}"));
        }
        answer
    }
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

impl Context for PseudoRandomContext {
    fn lib2(&mut self, x: Point) -> i32 {
        let hash = self.record("lib2", &[], &[x]);
        self.int(hash)
    }

    fn lib3(&mut self, x: Point) -> i32 {
        let hash = self.record("lib3", &[], &[x]);
        self.int(hash)
    }

    fn lib4(&mut self, x: Point) -> i32 {
        let hash = self.record("lib4", &[], &[x]);
        self.int(hash)
    }

    fn lib(&mut self, x: Point) -> i32 {
        let hash = self.record("lib", &[], &[x]);
        self.int(hash)
    }

    fn alive(&mut self, x: Point) -> i32 {
        let hash = self.record("alive", &[], &[x]);
        self.int(hash)
    }

    fn unknown(&mut self, x: Point) -> i32 {
        let hash = self.record("unknown", &[], &[x]);
        self.int(hash)
    }

    fn critical(&mut self, x: Point) -> i32 {
        let hash = self.record("critical", &[], &[x]);
        self.int(hash)
    }

    fn dead(&mut self, x: Point) -> i32 {
        let hash = self.record("dead", &[], &[x]);
        self.int(hash)
    }

    fn status(&mut self, x: Point) -> i32 {
        let hash = self.record("status", &[], &[x]);
        self.int(hash)
    }

    fn ko(&mut self, x: Point) -> i32 {
        let hash = self.record("ko", &[], &[x]);
        self.int(hash)
    }

    fn xdefend_against(&mut self, a: Point, b: Point) -> i32 {
        let hash = self.record("xdefend_against", &[], &[a, b]);
        self.int(hash)
    }

    fn odefend_against(&mut self, a: Point, b: Point) -> i32 {
        let hash = self.record("odefend_against", &[], &[a, b]);
        self.int(hash)
    }

    fn defend_against_atari(&mut self, x: Point) {
        self.record("defend_against_atari", &[], &[x]);
    }

    fn does_defend(&mut self, m: Point, s: Point) -> i32 {
        let hash = self.record("does_defend", &[], &[m, s]);
        self.int(hash)
    }

    fn does_attack(&mut self, m: Point, s: Point) -> i32 {
        let hash = self.record("does_attack", &[], &[m, s]);
        self.int(hash)
    }

    fn attack(&mut self, x: Point) -> i32 {
        let hash = self.record("attack", &[], &[x]);
        self.int(hash)
    }

    fn defend(&mut self, x: Point) -> i32 {
        let hash = self.record("defend", &[], &[x]);
        self.int(hash)
    }

    fn weakness(&mut self, x: Point) -> f32 {
        let hash = self.record("weakness", &[], &[x]);
        self.float(hash)
    }

    fn weak(&mut self, x: Point) -> i32 {
        let hash = self.record("weak", &[], &[x]);
        self.int(hash)
    }

    fn safe_xmove(&mut self, x: Point) -> i32 {
        let hash = self.record("safe_xmove", &[], &[x]);
        self.int(hash)
    }

    fn safe_omove(&mut self, x: Point) -> i32 {
        let hash = self.record("safe_omove", &[], &[x]);
        self.int(hash)
    }

    fn legal_xmove(&mut self, x: Point) -> i32 {
        let hash = self.record("legal_xmove", &[], &[x]);
        self.int(hash)
    }

    fn legal_omove(&mut self, x: Point) -> i32 {
        let hash = self.record("legal_omove", &[], &[x]);
        self.int(hash)
    }

    fn x_suicide(&mut self, x: Point) -> i32 {
        let hash = self.record("x_suicide", &[], &[x]);
        self.int(hash)
    }

    fn o_suicide(&mut self, x: Point) -> i32 {
        let hash = self.record("o_suicide", &[], &[x]);
        self.int(hash)
    }

    fn x_alive_somewhere(&mut self, points: &[Point]) -> i32 {
        let hash = self.record("x_alive_somewhere", &[], points);
        self.int(hash)
    }

    fn o_alive_somewhere(&mut self, points: &[Point]) -> i32 {
        let hash = self.record("o_alive_somewhere", &[], points);
        self.int(hash)
    }

    fn x_somewhere(&mut self, points: &[Point]) -> i32 {
        let hash = self.record("x_somewhere", &[], points);
        self.int(hash)
    }

    fn o_somewhere(&mut self, points: &[Point]) -> i32 {
        let hash = self.record("o_somewhere", &[], points);
        self.int(hash)
    }

    fn xmoyo_opposite(&mut self, x: Point) -> i32 {
        let hash = self.record("xmoyo_opposite", &[], &[x]);
        self.int(hash)
    }

    fn omoyo_opposite(&mut self, x: Point) -> i32 {
        let hash = self.record("omoyo_opposite", &[], &[x]);
        self.int(hash)
    }

    fn xmoyo(&mut self, x: Point) -> i32 {
        let hash = self.record("xmoyo", &[], &[x]);
        self.int(hash)
    }

    fn omoyo(&mut self, x: Point) -> i32 {
        let hash = self.record("omoyo", &[], &[x]);
        self.int(hash)
    }

    fn xarea(&mut self, x: Point) -> i32 {
        let hash = self.record("xarea", &[], &[x]);
        self.int(hash)
    }

    fn oarea(&mut self, x: Point) -> i32 {
        let hash = self.record("oarea", &[], &[x]);
        self.int(hash)
    }

    fn xterri(&mut self, x: Point) -> i32 {
        let hash = self.record("xterri", &[], &[x]);
        self.int(hash)
    }

    fn oterri(&mut self, x: Point) -> i32 {
        let hash = self.record("oterri", &[], &[x]);
        self.int(hash)
    }

    fn genus(&mut self, x: Point) -> i32 {
        let hash = self.record("genus", &[], &[x]);
        self.int(hash)
    }

    fn approx_xlib(&mut self, x: Point) -> i32 {
        let hash = self.record("approx_xlib", &[], &[x]);
        self.int(hash)
    }

    fn approx_olib(&mut self, x: Point) -> i32 {
        let hash = self.record("approx_olib", &[], &[x]);
        self.int(hash)
    }

    fn xlib(&mut self, x: Point) -> i32 {
        let hash = self.record("xlib", &[], &[x]);
        self.int(hash)
    }

    fn olib(&mut self, x: Point) -> i32 {
        let hash = self.record("olib", &[], &[x]);
        self.int(hash)
    }

    fn xcut(&mut self, x: Point) -> i32 {
        let hash = self.record("xcut", &[], &[x]);
        self.int(hash)
    }

    fn ocut(&mut self, x: Point) -> i32 {
        let hash = self.record("ocut", &[], &[x]);
        self.int(hash)
    }

    fn edge_double_sente(
        &mut self,
        moves: &[Option<Point>],
        a: Point,
        b: Point,
        c: Point,
        d: Point,
    ) -> i32 {
        let hash = self.record("edge_double_sente", moves, &[a, b, c, d]);
        self.int(hash)
    }

    fn xplay_defend_both(&mut self, moves: &[Option<Point>], a: Point, b: Point) -> i32 {
        let hash = self.record("xplay_defend_both", moves, &[a, b]);
        self.int(hash)
    }

    fn oplay_defend_both(&mut self, moves: &[Option<Point>], a: Point, b: Point) -> i32 {
        let hash = self.record("oplay_defend_both", moves, &[a, b]);
        self.int(hash)
    }

    fn xplay_attack_either(&mut self, moves: &[Option<Point>], a: Point, b: Point) -> i32 {
        let hash = self.record("xplay_attack_either", moves, &[a, b]);
        self.int(hash)
    }

    fn oplay_attack_either(&mut self, moves: &[Option<Point>], a: Point, b: Point) -> i32 {
        let hash = self.record("oplay_attack_either", moves, &[a, b]);
        self.int(hash)
    }

    fn xplay_defend(&mut self, moves: &[Option<Point>], target: Point) -> i32 {
        let hash = self.record("xplay_defend", moves, &[target]);
        self.int(hash)
    }

    fn oplay_defend(&mut self, moves: &[Option<Point>], target: Point) -> i32 {
        let hash = self.record("oplay_defend", moves, &[target]);
        self.int(hash)
    }

    fn xplay_attack(&mut self, moves: &[Option<Point>], target: Point) -> i32 {
        let hash = self.record("xplay_attack", moves, &[target]);
        self.int(hash)
    }

    fn oplay_attack(&mut self, moves: &[Option<Point>], target: Point) -> i32 {
        let hash = self.record("oplay_attack", moves, &[target]);
        self.int(hash)
    }

    fn xplay_break_through(
        &mut self,
        moves: &[Option<Point>],
        x: Point,
        y: Point,
        z: Point,
    ) -> i32 {
        let hash = self.record("xplay_break_through", moves, &[x, y, z]);
        self.int(hash)
    }

    fn oplay_break_through(
        &mut self,
        moves: &[Option<Point>],
        x: Point,
        y: Point,
        z: Point,
    ) -> i32 {
        let hash = self.record("oplay_break_through", moves, &[x, y, z]);
        self.int(hash)
    }

    fn oplay_connect(&mut self, moves: &[Option<Point>], a: Point, b: Point) -> i32 {
        let hash = self.record("oplay_connect", moves, &[a, b]);
        self.int(hash)
    }

    fn xplay_connect(&mut self, moves: &[Option<Point>], a: Point, b: Point) -> i32 {
        let hash = self.record("xplay_connect", moves, &[a, b]);
        self.int(hash)
    }

    fn oplay_disconnect(&mut self, moves: &[Option<Point>], a: Point, b: Point) -> i32 {
        let hash = self.record("oplay_disconnect", moves, &[a, b]);
        self.int(hash)
    }

    fn xplay_disconnect(&mut self, moves: &[Option<Point>], a: Point, b: Point) -> i32 {
        let hash = self.record("xplay_disconnect", moves, &[a, b]);
        self.int(hash)
    }

    fn oplay_lib(&mut self, moves: &[Option<Point>], target: Point) -> i32 {
        let hash = self.record("oplay_lib", moves, &[target]);
        self.int(hash)
    }

    fn xplay_lib(&mut self, moves: &[Option<Point>], target: Point) -> i32 {
        let hash = self.record("xplay_lib", moves, &[target]);
        self.int(hash)
    }

    fn seki_helper(&mut self, x: Point) -> i32 {
        let hash = self.record("seki_helper", &[], &[x]);
        self.int(hash)
    }

    fn threaten_to_save(&mut self, x: Point) {
        self.record("threaten_to_save", &[], &[x]);
    }

    fn threaten_to_capture(&mut self, x: Point) {
        self.record("threaten_to_capture", &[], &[x]);
    }

    fn prevent_attack_threat(&mut self, x: Point) {
        self.record("prevent_attack_threat", &[], &[x]);
    }

    fn eye(&mut self, x: Point) -> i32 {
        let hash = self.record("eye", &[], &[x]);
        self.int(hash)
    }

    fn proper_eye(&mut self, x: Point) -> i32 {
        let hash = self.record("proper_eye", &[], &[x]);
        self.int(hash)
    }

    fn marginal_eye(&mut self, x: Point) -> i32 {
        let hash = self.record("marginal_eye", &[], &[x]);
        self.int(hash)
    }

    fn halfeye(&mut self, x: Point) -> i32 {
        let hash = self.record("halfeye", &[], &[x]);
        self.int(hash)
    }

    fn max_eye_value(&mut self, x: Point) -> i32 {
        let hash = self.record("max_eye_value", &[], &[x]);
        self.int(hash)
    }

    fn owl_topological_eye(&mut self, x: Point, s: Point) -> i32 {
        let hash = self.record("owl_topological_eye", &[], &[x, s]);
        self.int(hash)
    }

    fn obvious_false_oeye(&mut self, x: Point) -> i32 {
        let hash = self.record("obvious_false_oeye", &[], &[x]);
        self.int(hash)
    }

    fn obvious_false_xeye(&mut self, x: Point) -> i32 {
        let hash = self.record("obvious_false_xeye", &[], &[x]);
        self.int(hash)
    }

    fn antisuji(&mut self, x: Point) {
        self.record("antisuji", &[], &[x]);
    }

    fn add_connect_move(&mut self, a: Point, b: Point) {
        self.record("add_connect_move", &[], &[a, b]);
    }

    fn add_cut_move(&mut self, a: Point, b: Point) {
        self.record("add_cut_move", &[], &[a, b]);
    }

    fn test_attack_either_move(&mut self, a: Point, b: Point) {
        self.record("test_attack_either_move", &[], &[a, b]);
    }

    fn add_defend_both_move(&mut self, a: Point, b: Point) {
        self.record("add_defend_both_move", &[], &[a, b]);
    }

    fn same_dragon(&mut self, a: Point, b: Point) -> i32 {
        let hash = self.record("same_dragon", &[], &[a, b]);
        self.int(hash)
    }

    fn same_string(&mut self, a: Point, b: Point) -> i32 {
        let hash = self.record("same_string", &[], &[a, b]);
        self.int(hash)
    }

    fn dragonsize(&mut self, x: Point) -> i32 {
        let hash = self.record("dragonsize", &[], &[x]);
        self.int(hash)
    }

    fn wormsize(&mut self, x: Point) -> i32 {
        let hash = self.record("wormsize", &[], &[x]);
        self.int(hash)
    }

    fn effective_size(&mut self, x: Point) -> f32 {
        let hash = self.record("effective_size", &[], &[x]);
        self.float(hash)
    }

    fn vital_chain(&mut self, x: Point) -> i32 {
        let hash = self.record("vital_chain", &[], &[x]);
        self.int(hash)
    }

    fn potential_cutstone(&mut self, x: Point) -> i32 {
        let hash = self.record("potential_cutstone", &[], &[x]);
        self.int(hash)
    }

    fn amalgamate_most_valuable_helper(&mut self, a: Point, b: Point, c: Point) {
        self.record("amalgamate_most_valuable_helper", &[], &[a, b, c]);
    }

    fn amalgamate(&mut self, a: Point, b: Point) {
        self.record("amalgamate", &[], &[a, b]);
    }

    fn owl_escape_value(&mut self, x: Point) -> i32 {
        let hash = self.record("owl_escape_value", &[], &[x]);
        self.int(hash)
    }

    fn owl_goal_dragon(&mut self, x: Point) -> i32 {
        let hash = self.record("owl_goal_dragon", &[], &[x]);
        self.int(hash)
    }

    fn owl_eyespace(&mut self, x: Point) -> i32 {
        let hash = self.record("owl_eyespace", &[], &[x]);
        self.int(hash)
    }

    fn owl_big_eyespace(&mut self, x: Point) -> i32 {
        let hash = self.record("owl_big_eyespace", &[], &[x]);
        self.int(hash)
    }

    fn owl_mineye(&mut self, x: Point) -> i32 {
        let hash = self.record("owl_mineye", &[], &[x]);
        self.int(hash)
    }

    fn owl_maxeye(&mut self, x: Point) -> i32 {
        let hash = self.record("owl_maxeye", &[], &[x]);
        self.int(hash)
    }

    fn owl_proper_eye(&mut self, x: Point) -> i32 {
        let hash = self.record("owl_proper_eye", &[], &[x]);
        self.int(hash)
    }

    fn owl_eye_size(&mut self, x: Point) -> i32 {
        let hash = self.record("owl_eye_size", &[], &[x]);
        self.int(hash)
    }

    fn owl_lunch(&mut self, x: Point) -> i32 {
        let hash = self.record("owl_lunch", &[], &[x]);
        self.int(hash)
    }

    fn owl_strong_dragon(&mut self, x: Point) -> i32 {
        let hash = self.record("owl_strong_dragon", &[], &[x]);
        self.int(hash)
    }

    fn has_aji(&mut self, x: Point) -> i32 {
        let hash = self.record("has_aji", &[], &[x]);
        self.int(hash)
    }

    fn finish_ko_helper(&mut self, x: Point) -> i32 {
        let hash = self.record("finish_ko_helper", &[], &[x]);
        self.int(hash)
    }

    fn squeeze_ko_helper(&mut self, x: Point) -> i32 {
        let hash = self.record("squeeze_ko_helper", &[], &[x]);
        self.int(hash)
    }

    fn backfill_helper(&mut self, a: Point, b: Point, c: Point) -> i32 {
        let hash = self.record("backfill_helper", &[], &[a, b, c]);
        self.int(hash)
    }

    fn connect_and_cut_helper2(&mut self, a: Point, b: Point, c: Point) -> i32 {
        let hash = self.record("connect_and_cut_helper2", &[], &[a, b, c]);
        self.int(hash)
    }

    fn connect_and_cut_helper(&mut self, a: Point, b: Point, c: Point) -> i32 {
        let hash = self.record("connect_and_cut_helper", &[], &[a, b, c]);
        self.int(hash)
    }

    fn owl_threatens(&mut self, a: Point, b: Point) -> i32 {
        let hash = self.record("owl_threatens", &[], &[a, b]);
        self.int(hash)
    }

    fn replace(&mut self, a: Point, b: Point) {
        self.record("replace", &[], &[a, b]);
    }

    fn backfill_replace(&mut self, m: Point, s: Point) {
        self.record("backfill_replace", &[], &[m, s]);
    }

    fn non_oterritory(&mut self, x: Point) {
        self.record("non_oterritory", &[], &[x]);
    }

    fn non_xterritory(&mut self, x: Point) {
        self.record("non_xterritory", &[], &[x]);
    }

    fn remaining_handicap_stones(&mut self) -> i32 {
        let hash = self.record("remaining_handicap_stones", &[], &[]);
        self.int(hash)
    }

    fn total_handicap_stones(&mut self) -> i32 {
        let hash = self.record("total_handicap_stones", &[], &[]);
        self.int(hash)
    }

    fn o_captures_something(&mut self, x: Point) -> i32 {
        let hash = self.record("o_captures_something", &[], &[x]);
        self.int(hash)
    }

    fn x_captures_something(&mut self, x: Point) -> i32 {
        let hash = self.record("x_captures_something", &[], &[x]);
        self.int(hash)
    }

    fn false_eye_territory(&mut self, x: Point) -> i32 {
        let hash = self.record("false_eye_territory", &[], &[x]);
        self.int(hash)
    }

    fn false_eye(&mut self, x: Point) -> i32 {
        let hash = self.record("false_eye", &[], &[x]);
        self.int(hash)
    }

    fn o_visible_along_edge(&mut self, a: Point, b: Point) -> i32 {
        let hash = self.record("o_visible_along_edge", &[], &[a, b]);
        self.int(hash)
    }

    fn x_visible_along_edge(&mut self, a: Point, b: Point) -> i32 {
        let hash = self.record("x_visible_along_edge", &[], &[a, b]);
        self.int(hash)
    }

    fn is_surrounded(&mut self, x: Point) -> i32 {
        let hash = self.record("is_surrounded", &[], &[x]);
        self.int(hash)
    }

    fn does_surround(&mut self, m: Point, d: Point) -> i32 {
        let hash = self.record("does_surround", &[], &[m, d]);
        self.int(hash)
    }

    fn surround_map(&mut self, d: Point, p: Point) -> i32 {
        let hash = self.record("surround_map", &[], &[d, p]);
        self.int(hash)
    }

    fn oracle_threatens(&mut self, a: Point, b: Point) -> i32 {
        let hash = self.record("oracle_threatens", &[], &[a, b]);
        self.int(hash)
    }

    fn value(&mut self) -> f32 {
        let hash = self.record("value", &[], &[]);
        self.float(hash)
    }

    fn adjacent_to_stone_in_atari(&mut self, x: Point) -> i32 {
        let hash = self.record("adjacent_to_stone_in_atari", &[], &[x]);
        self.int(hash)
    }

    fn adjacent_to_defendable_stone_in_atari(&mut self, x: Point) -> i32 {
        let hash = self.record("adjacent_to_defendable_stone_in_atari", &[], &[x]);
        self.int(hash)
    }

    fn good_attack_threat(&mut self, m: Point, t: Point) {
        self.record("good_attack_threat", &[], &[m, t]);
    }

    fn known_safe_move(&mut self, x: Point) -> i32 {
        let hash = self.record("known_safe_move", &[], &[x]);
        self.int(hash)
    }

    fn break_mirror_helper(&mut self, x: Point) -> i32 {
        let hash = self.record("break_mirror_helper", &[], &[x]);
        self.int(hash)
    }

    fn disconnect_helper(&mut self, a: Point, b: Point) -> i32 {
        let hash = self.record("disconnect_helper", &[], &[a, b]);
        self.int(hash)
    }

    fn distrust_tactics_helper(&mut self, a: Point) -> i32 {
        let hash = self.record("distrust_tactics_helper", &[], &[a]);
        self.int(hash)
    }

    fn bent_four_helper(&mut self, a: Point) -> i32 {
        let hash = self.record("bent_four_helper", &[], &[a]);
        self.int(hash)
    }

    fn doing_scoring(&mut self) -> i32 {
        let hash = self.record("doing_scoring", &[], &[]);
        self.int(hash)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::autohelper::{CATALOGUE, EngineBuiltin};
    use crate::constraint::dispatch::{call_autohelper, call_builtin};
    use crate::context::takes_move_list;

    /// Calls every method once per seed (through the interpreter's dispatch)
    /// and returns the call log with the answers.
    fn every_call(seeds: std::ops::Range<u64>) -> Vec<String> {
        let targets = [
            Point::new(3, 4),
            Point::new(0, 18),
            Point::new(12, 7),
            Point::new(5, 5),
        ];
        let moves = [Some(Point::new(2, 2)), None, Some(Point::new(9, 1))];
        let mut lines = Vec::new();
        for seed in seeds {
            let mut ctx = PseudoRandomContext::new(seed);
            for spec in &CATALOGUE {
                let moves: &[Option<Point>] = if takes_move_list(spec.id) {
                    &moves
                } else {
                    &[]
                };
                let value = call_autohelper(&mut ctx, spec.id, moves, &targets);
                lines.push(format!("{value:?}"));
            }
            for builtin in EngineBuiltin::ALL {
                let value = call_builtin(&mut ctx, builtin, &targets);
                lines.push(format!("{value:?}"));
            }
            lines.push(format!("{}", ctx.doing_scoring()));
            lines.extend(ctx.log);
        }
        lines
    }

    /// FNV-1a, to pin a long log in one constant.
    fn digest(lines: &[String]) -> u64 {
        let mut hash = 0xcbf2_9ce4_8422_2325u64;
        for byte in lines.join("\n").bytes() {
            hash = (hash ^ byte as u64).wrapping_mul(0x0100_0000_01b3);
        }
        hash
    }

    #[test]
    fn answers_and_log_are_pinned() {
        let lines = every_call(0..3);
        // 126 catalogue functions, 3 builtins and doing_scoring: one answer
        // and one log line each, per seed.
        assert_eq!(lines.len(), 3 * 2 * 130);
        let log = &lines[130..260];
        assert_eq!(log[0], "lib2(; 3,4)=2");
        let calls = |name: &str| log.iter().find(|l| l.starts_with(name)).unwrap().clone();
        assert_eq!(
            calls("xplay_defend_both("),
            "xplay_defend_both(2,2 ? 9,1 ; 3,4 0,18)=3"
        );
        assert_eq!(calls("x_somewhere("), "x_somewhere(; 3,4 0,18 12,7 5,5)=0");
        assert_eq!(
            calls("defend_against_atari("),
            "defend_against_atari(; 3,4)"
        );
        assert_eq!(calls("weakness("), "weakness(; 3,4)=0.894");
        assert_eq!(digest(&lines), 12_112_465_624_946_406_274);
    }
}
