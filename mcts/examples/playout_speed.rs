//! Playouts per second from the empty board, for profiling (`perf record`)
//! and quick figures: `cargo run --release -p mcts --example playout_speed
//! -- SIZE POLICY SECONDS [ladder|nakade|both|capture|all]` (POLICY `tesuji`
//! or `uniform`; SECONDS written `500p` plays 500 playouts instead with
//! `Playout::run` alone, the same ones whatever the load, for instruction
//! counts under callgrind, and prints a digest of their moves and the sum
//! of their scores, to compare builds by; `ladder`: with the default `LadderRule`, `nakade`: with
//! the default `NakadeRule`, `both`: both, `capture`: with the default
//! `CaptureRule`, `all`: the three). Also counts the stones captured. Also counts the moves played at a
//! vital point of `nakade::vital_point`.

use std::time::Instant;

use mcts::nakade::vital_point;
use mcts::{CaptureRule, LadderRule, NakadeRule, Playout, PlayoutBoard, Policy};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let size: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(9);
    let policy = match args.get(2).map(String::as_str) {
        Some("uniform") => Policy::uniform(),
        _ => Policy::new(patterns::mc_tesuji()),
    };
    let limit = args.get(3).map_or("2", String::as_str);
    let (seconds, max_playouts): (f64, u64) = match limit.strip_suffix('p') {
        Some(count) => (f64::INFINITY, count.parse().unwrap_or(0)),
        None => (limit.parse().unwrap_or(2.0), u64::MAX),
    };
    let policy = match args.get(4).map(String::as_str) {
        Some("ladder") => policy.with_ladder(LadderRule::default()),
        Some("nakade") => policy.with_nakade(NakadeRule::default()),
        Some("both") => policy
            .with_ladder(LadderRule::default())
            .with_nakade(NakadeRule::default()),
        Some("capture") => policy.with_capture(CaptureRule::default()),
        Some("all") => policy
            .with_ladder(LadderRule::default())
            .with_nakade(NakadeRule::default())
            .with_capture(CaptureRule::default()),
        _ => policy,
    };
    let start = Playout::new(PlayoutBoard::empty(size).unwrap(), &policy);
    let mut rng = fastrand::Rng::with_seed(1);
    let (mut n, mut moves, mut vital, mut captured) = (0u64, 0u64, 0u64, 0u64);
    let clock = Instant::now();
    if max_playouts < u64::MAX {
        // A fixed count: `Playout::run` alone (the search's playouts), and
        // a digest of every move and score to compare builds by.
        let (mut digest, mut scores) = (0xcbf2_9ce4_8422_2325u64, 0f64);
        for _ in 0..max_playouts {
            let mut playout = start.clone();
            playout.run(&policy, &mut rng, 3 * size * size, &mut |v, _| {
                digest = (digest ^ u64::from(v)).wrapping_mul(0x0100_0000_01b3);
                moves += 1;
            });
            scores += f64::from(playout.board().area_score(7.5));
        }
        let secs = clock.elapsed().as_secs_f64();
        println!(
            "{size}x{size} {} (ladder {}, nakade {}%, capture {}%): {max_playouts} playouts in \
             {secs:.2} s, {moves} moves, move digest {digest:016x}, score sum {scores}",
            policy.name(),
            policy.ladder().max_extensions,
            policy.nakade().percent,
            policy.capture().percent,
        );
        return;
    }
    while clock.elapsed().as_secs_f64() < seconds {
        let mut playout = start.clone();
        for _ in 0..3 * size * size {
            if playout.board().passes() >= 2 {
                break;
            }
            let v = playout.draw_with_rules(&policy, &mut rng);
            vital += u64::from(vital_point(playout.board()) == Some(v));
            let empties = playout.board().empties().len() as u64;
            playout.play(v, &policy);
            // A stone played fills one empty point; captures free others.
            captured += (playout.board().empties().len() as u64 + 1).saturating_sub(empties);
            moves += 1;
        }
        n += 1;
    }
    let secs = clock.elapsed().as_secs_f64();
    println!(
        "{size}x{size} {} (ladder {}, nakade {}%, capture {}%): {n} playouts in {secs:.2} s = \
         {:.0} playouts/s, {:.1} moves/playout, {:.2} at a vital point, {:.1} stones captured",
        policy.name(),
        policy.ladder().max_extensions,
        policy.nakade().percent,
        policy.capture().percent,
        n as f64 / secs,
        moves as f64 / n as f64,
        vital as f64 / n as f64,
        captured as f64 / n as f64
    );
}
