//! `genmove` by Monte Carlo tree search (`tesuji gtp --search mcts`):
//! the time for a move from the clock the controller set, the search on
//! the game's position, the move (or a resignation when the game is
//! hopeless), and the playout ownership behind `final_score` and
//! `final_status_list` in that mode.

use std::time::Duration;

use goban::{Board, Color, Point};
use mcts::search::{Limits, Position, SearchResult, Searcher};
use mcts::{PlayoutBoard, board::PASS};

use crate::session::Clock;
use crate::tactical_priors::TacticalPriorParams;

/// How the search player spends its time and when it gives up.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerParams {
    /// Time per move when the controller set no clock.
    pub default_time: Duration,
    /// Playouts per move instead of time (deterministic with one thread).
    pub playouts: Option<u64>,
    /// Time kept back from each move's share of the clock.
    pub safety_margin: Duration,
    /// Moves the main time is divided over, at least.
    pub min_moves_left: u32,
    /// Resign when the best move wins less often than this…
    pub resign_winrate: f32,
    /// …after at least this many playouts.
    pub resign_min_playouts: u64,
    /// Resign instead of passing when the pass wins less often than this
    /// (a pass in a lost game while the opponent plays on only prolongs
    /// it; 0: never).
    pub resign_pass_winrate: f32,
    /// Playouts of the ownership estimate behind `final_score`.
    pub ownership_playouts: u64,
    /// A point counts for a side in `final_score` when its mean playout
    /// ownership is at least this far towards that side (an open point,
    /// e.g. on an empty board, counts for nobody).
    pub owned_above: f32,
    /// Give the engine's best valued moves root priors.
    pub engine_priors: bool,
    /// How many of the engine's valued moves get a root prior…
    pub engine_prior_count: usize,
    /// …the prior win rate of the best…
    pub engine_prior_best: f32,
    /// …and of a move the engine values near nothing (the others lie
    /// between, in proportion to their value): the best pattern prior
    /// (`prior_base + prior_pattern`), so that no move the engine values
    /// starts below one it does not.
    pub engine_prior_least: f32,
    /// How many of the engine's best moves also get priors for the
    /// opponent's replies (one more move generation each; 0: none).
    pub engine_prior_replies: usize,
    /// Give the engine's tactical captures and saves root priors
    /// (`crate::tactical_priors`), with these values (`None`: off).
    pub tactical_priors: Option<TacticalPriorParams>,
    /// While fewer stones than this stand on the board, `genmove` plays
    /// the engine's move (GNU Go's move generation, fuseki and joseki
    /// databases included) instead of searching; the search takes over
    /// if the engine passes (0: never, the default).
    pub engine_opening_stones: usize,
    /// Keep the search from playing a stone that joins one of the mover's
    /// strings, captures nothing and leaves that string capturable
    /// (`crate::unsafe_extensions`).
    pub refuse_unsafe_extensions: bool,
}

impl Default for PlayerParams {
    fn default() -> PlayerParams {
        PlayerParams {
            default_time: Duration::from_secs(1),
            playouts: None,
            safety_margin: Duration::from_millis(80),
            min_moves_left: 15,
            resign_winrate: 0.03,
            resign_min_playouts: 2000,
            resign_pass_winrate: 0.1,
            ownership_playouts: 3000,
            owned_above: 0.5,
            engine_priors: false,
            engine_prior_count: 8,
            engine_prior_best: 0.8,
            engine_prior_least: 0.7,
            engine_prior_replies: 0,
            tactical_priors: None,
            engine_opening_stones: 0,
            refuse_unsafe_extensions: false,
        }
    }
}

/// One search of [`SearchPlayer::search`].
#[derive(Debug, Clone, Copy)]
pub struct Request<'a> {
    /// The game's board.
    pub board: &'a Board,
    /// The colour to move.
    pub color: Color,
    /// The point `color` may not retake at once.
    pub ko: Option<Point>,
    /// The opponent's last move, if it was a stone played (the nakade
    /// rule looks next to it).
    pub last_move: Option<Point>,
    /// Komi.
    pub komi: f64,
    /// Time for the search (unless the player counts playouts).
    pub time: Duration,
    /// Never pass while other moves remain (`kgs-genmove_cleanup`).
    pub cleanup: bool,
    /// The engine's valued moves with their values, best first (root
    /// priors; may be empty).
    pub proposals: &'a [(Point, f32)],
    /// For some of those moves, the engine's valued replies (best first).
    pub replies: &'a [(Point, Vec<(Point, f32)>)],
    /// Root priors from the engine's tactical reading, used as they are
    /// (a move also among `proposals` keeps the higher prior).
    pub tactical: &'a [(Point, f32)],
    /// Root moves the search may not choose besides the rules' (e.g.
    /// `crate::unsafe_extensions`).
    pub refused: &'a [Point],
}

/// The search and its parameters.
pub struct SearchPlayer {
    /// The searcher (its tree is kept between moves).
    pub searcher: Searcher,
    /// Time and resignation parameters.
    pub params: PlayerParams,
}

/// What the search decided.
#[derive(Debug, Clone, PartialEq)]
pub enum Decision {
    /// Play here (`None` = pass).
    Play(Option<Point>),
    /// Resign.
    Resign,
}

impl SearchPlayer {
    /// Whether `genmove` on `board` is the engine's (the opening, by
    /// [`PlayerParams::engine_opening_stones`]).
    pub fn engine_plays_opening(&self, board: &Board) -> bool {
        let stones = board.stone_count(Color::Black) + board.stone_count(Color::White);
        stones < self.params.engine_opening_stones
    }

    /// The time for `color`'s next move on `board` under `clock`.
    pub fn move_time(&self, clock: &Clock, color: Color, board: &Board) -> Duration {
        let empties = board.geometry().points_count()
            - board.stone_count(Color::Black)
            - board.stone_count(Color::White);
        let moves_left = (empties as u32 / 3).max(self.params.min_moves_left);
        let secs = |s: i64| Duration::from_secs(s.max(0) as u64);
        let left = clock.left[color.index()];
        let share = match &clock.system {
            None => self.params.default_time,
            Some((system, [main, period, stones])) => match system.as_str() {
                "none" => self.params.default_time,
                "absolute" => secs(left.map_or(*main, |(t, _)| t)) / moves_left,
                _ => match left {
                    // In byo-yomi: the period's time over its stones.
                    Some((t, s)) if s > 0 => secs(t) / s as u32,
                    Some((t, _)) => secs(t) / moves_left + secs(*period) / (*stones).max(1) as u32,
                    None if *main > 0 => {
                        secs(*main) / moves_left + secs(*period) / (*stones).max(1) as u32
                    }
                    None => secs(*period) / (*stones).max(1) as u32,
                },
            },
        };
        share
            .saturating_sub(self.params.safety_margin)
            .max(Duration::from_millis(20))
    }

    /// Searches `request.board` for `request.color` within its time (or
    /// the player's playout count).
    pub fn search(&mut self, request: &Request) -> Option<SearchResult> {
        let limits = match self.params.playouts {
            Some(n) => Limits {
                playouts: Some(n),
                time: None,
            },
            None => Limits {
                playouts: None,
                time: Some(request.time),
            },
        };
        self.search_until(request, limits, &|| false)
    }

    /// Searches `request.board` for `request.color` within `limits` or
    /// until `interrupted` (see `mcts::Searcher::search_until`); `None`
    /// for a board the search cannot hold.
    pub fn search_until(
        &mut self,
        request: &Request,
        limits: Limits,
        interrupted: &(dyn Fn() -> bool + Sync),
    ) -> Option<SearchResult> {
        let mut board = PlayoutBoard::from_board(request.board, request.color, request.ko).ok()?;
        if let Some(p) = request.last_move {
            board.set_last_move(board.index(p.i as usize, p.j as usize));
        }
        self.searcher.set_komi(request.komi as f32);
        let mut position = Position::new(board);
        if request.cleanup {
            position.excluded.push(PASS);
        }
        for &p in request.refused {
            let v = position.board.index(p.i as usize, p.j as usize);
            position.excluded.push(v);
        }
        let board = &position.board;
        let to_index = |valued: &[(Point, f32)]| -> Vec<(u16, f32)> {
            engine_priors(&self.params, valued)
                .into_iter()
                .map(|(p, value)| (board.index(p.i as usize, p.j as usize), value))
                .collect()
        };
        let mut root_priors = to_index(request.proposals);
        for &(p, value) in request.tactical {
            let v = board.index(p.i as usize, p.j as usize);
            match root_priors.iter_mut().find(|(m, _)| *m == v) {
                Some(kept) => kept.1 = kept.1.max(value),
                None => root_priors.push((v, value)),
            }
        }
        let reply_priors = request
            .replies
            .iter()
            .map(|(p, replies)| (board.index(p.i as usize, p.j as usize), to_index(replies)))
            .collect();
        position.root_priors = root_priors;
        position.reply_priors = reply_priors;
        Some(self.searcher.search_until(&position, limits, interrupted))
    }

    /// Mean playout owner of every point (+1 Black, −1 White), row by row,
    /// from playouts of the search's policy without its tree
    /// ([`mcts::playout_ownership`]: the losing side's tree moves would
    /// break sekis); `komi` does not change it.
    pub fn ownership(&mut self, board: &Board, to_move: Color, komi: f64) -> Option<Vec<f32>> {
        let playout_board = PlayoutBoard::from_board(board, to_move, None).ok()?;
        self.searcher.set_komi(komi as f32);
        let search = self.searcher.params();
        let params = mcts::OwnershipParams {
            playouts: self.params.ownership_playouts,
            seed: search.seed,
            playout_length: search.playout_length,
        };
        Some(mcts::playout_ownership(
            &playout_board,
            self.searcher.policy(),
            &params,
        ))
    }
}

/// Root priors from the engine's valued moves (best first): the first
/// `engine_prior_count`, each with a prior win rate between
/// `engine_prior_least` and `engine_prior_best` in proportion to its value
/// over the best move's value.
pub fn engine_priors(params: &PlayerParams, valued: &[(Point, f32)]) -> Vec<(Point, f32)> {
    let best = valued.first().map_or(0.0, |&(_, v)| v);
    let span = params.engine_prior_best - params.engine_prior_least;
    valued
        .iter()
        .take(params.engine_prior_count)
        .map(|&(p, v)| {
            let share = if best > 0.0 {
                (v / best).clamp(0.0, 1.0)
            } else {
                1.0
            };
            (p, params.engine_prior_least + span * share)
        })
        .collect()
}

/// The move to play after `result`: the most visited allowed move
/// for which `allowed` holds (legality under the game's rules), or a
/// resignation when even the best wins too rarely, or when that move is
/// a pass that loses. A pass chosen only because the moves visited more
/// are not allowed never resigns: its few visits say little.
pub fn decide(
    params: &PlayerParams,
    result: &SearchResult,
    allowed: impl Fn(Option<Point>) -> bool,
) -> Decision {
    let searched_enough = result.playouts >= params.resign_min_playouts;
    if searched_enough && result.winrate < params.resign_winrate {
        return Decision::Resign;
    }
    let chosen = result.moves.iter().position(|m| allowed(m.mv));
    let chosen = chosen.map(|k| (k, &result.moves[k]));
    if let Some((0, pass)) = chosen.filter(|(_, m)| m.mv.is_none())
        && searched_enough
        && pass.winrate < params.resign_pass_winrate
    {
        return Decision::Resign;
    }
    Decision::Play(chosen.and_then(|(_, m)| m.mv))
}

/// The area score (White − Black, komi included) from `ownership`: each
/// point counts for the side that owns it in most playouts, by at least
/// `owned_above` (mean ownership +1 Black, −1 White); other points count
/// for nobody.
pub fn score_from_ownership(ownership: &[f32], komi: f64, owned_above: f32) -> f64 {
    let black_minus_white: f64 = ownership
        .iter()
        .map(|&o| {
            if o >= owned_above {
                1.0
            } else if o <= -owned_above {
                -1.0
            } else {
                0.0
            }
        })
        .sum();
    komi - black_minus_white
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn player() -> SearchPlayer {
        let params = mcts::SearchParams {
            max_nodes: 16,
            ..mcts::SearchParams::default()
        };
        SearchPlayer {
            searcher: Searcher::new(params, Arc::new(mcts::Policy::uniform())),
            params: PlayerParams::default(),
        }
    }

    #[test]
    fn time_per_move_follows_the_clock() {
        let player = player();
        let board = Board::square(9).unwrap();
        let margin = PlayerParams::default().safety_margin;
        let time = |system: Option<(&str, [i64; 3])>, left: Option<(i64, i64)>| {
            let clock = Clock {
                system: system.map(|(name, numbers)| (name.to_string(), numbers)),
                left: [left, None],
            };
            player.move_time(&clock, Color::Black, &board)
        };
        // No clock, or `none`: the default second.
        assert_eq!(time(None, None), Duration::from_secs(1) - margin);
        assert_eq!(
            time(Some(("none", [0; 3])), None),
            Duration::from_secs(1) - margin
        );
        // `time_settings 0 1 1`: one second a move.
        assert_eq!(
            time(Some(("canadian", [0, 1, 1])), None),
            Duration::from_secs(1) - margin
        );
        // Absolute 270 s over max(81 / 3, 15) = 27 moves: 10 s.
        assert_eq!(
            time(Some(("absolute", [270, 0, 0])), None),
            Duration::from_secs(10) - margin
        );
        // ... or what `time_left` reported.
        assert_eq!(
            time(Some(("absolute", [270, 0, 0])), Some((54, 0))),
            Duration::from_secs(2) - margin
        );
        // In byo-yomi: 10 s for 5 stones.
        assert_eq!(
            time(Some(("canadian", [60, 30, 5])), Some((10, 5))),
            Duration::from_secs(2) - margin
        );
        // Nearly out of time: still a little.
        assert_eq!(
            time(Some(("absolute", [0, 0, 0])), None),
            Duration::from_millis(20)
        );
    }

    #[test]
    fn the_engine_plays_the_opening_until_enough_stones() {
        let mut player = player();
        let empty = Board::square(9).unwrap();
        let two = Board::from_rows(&[
            ".........",
            ".........",
            "......O..",
            ".........",
            ".........",
            ".........",
            "..X......",
            ".........",
            ".........",
        ])
        .unwrap();
        // Off by default.
        assert!(!player.engine_plays_opening(&empty));
        player.params.engine_opening_stones = 2;
        assert!(player.engine_plays_opening(&empty));
        assert!(!player.engine_plays_opening(&two));
        player.params.engine_opening_stones = 3;
        assert!(player.engine_plays_opening(&two));
    }

    #[test]
    fn only_decided_points_are_scored() {
        // An open board (the playouts split every point): komi alone.
        assert_eq!(score_from_ownership(&[0.1, -0.2, 0.3, 0.0], 7.5, 0.5), 7.5);
        // Two points Black's, one White's, one open.
        assert_eq!(score_from_ownership(&[0.9, 0.5, -0.7, 0.4], 0.5, 0.5), -0.5);
    }

    /// A seki on 7×7 (see `mcts`'s playout test of the same position):
    /// Black's inner string of twelve stones and White's of seven share
    /// their only liberties, (1, 3) and (4, 3). The playouts leave it
    /// standing, so its stones count as alive for their own side and the
    /// shared liberties for nobody: Black 26 points, White 21.
    #[test]
    fn seki_stones_are_scored_alive() {
        let rows = [
            "OOXXOXX", ".OX.OX.", "OOXXOXX", "OOXXOXX", "OOX.OXX", ".OXXOX.", "OOXXOXX",
        ];
        let board = Board::from_rows(&rows).unwrap();
        let mut player = player();
        let ownership = player.ownership(&board, Color::Black, 0.5).unwrap();
        let params = PlayerParams::default();
        for (k, &o) in ownership.iter().enumerate() {
            let (i, j) = (k / 7, k % 7);
            match rows[i].as_bytes()[j] {
                b'X' => assert!(o >= params.owned_above, "Black's ({i}, {j}): {o}"),
                b'O' => assert!(o <= -params.owned_above, "White's ({i}, {j}): {o}"),
                _ => {}
            }
        }
        // White − Black: komi 0.5 less Black's 5 more points.
        assert_eq!(
            score_from_ownership(&ownership, 0.5, params.owned_above),
            -4.5
        );
    }

    #[test]
    fn engine_priors_follow_the_values() {
        let params = PlayerParams {
            engine_prior_count: 3,
            ..PlayerParams::default()
        };
        let p = |i| Point::new(i, 0);
        let valued = [(p(0), 20.0), (p(1), 10.0), (p(2), 0.0), (p(3), 5.0)];
        let priors = engine_priors(&params, &valued);
        let (best, least) = (params.engine_prior_best, params.engine_prior_least);
        assert_eq!(
            priors,
            vec![(p(0), best), (p(1), (best + least) / 2.0), (p(2), least)]
        );
        // Nothing valued above zero (a filled liberty): the best prior.
        assert_eq!(engine_priors(&params, &[(p(4), 0.0)]), vec![(p(4), best)]);
        assert!(engine_priors(&params, &[]).is_empty());
    }

    /// A search's result with root `moves`, most visited first, each (and
    /// the best) at `winrate`.
    fn searched(moves: &[Option<Point>], winrate: f32, playouts: u64) -> SearchResult {
        SearchResult {
            best: moves[0],
            winrate,
            playouts,
            nodes: 1,
            moves: moves
                .iter()
                .map(|&mv| mcts::MoveStats {
                    mv,
                    visits: 1,
                    winrate,
                    prior: 0.5,
                    pv: vec![mv],
                })
                .collect(),
            ownership: Vec::new(),
            criticality: Vec::new(),
            score: 0.0,
            elapsed: Duration::ZERO,
        }
    }

    #[test]
    fn resignation_and_legal_choice() {
        let moves = [Some(Point::new(0, 0)), Some(Point::new(1, 1)), None];
        let result = |winrate: f32, playouts: u64| searched(&moves, winrate, playouts);
        let params = PlayerParams::default();
        assert_eq!(
            decide(&params, &result(0.01, 5000), |_| true),
            Decision::Resign
        );
        // Too few playouts to give up.
        assert_eq!(
            decide(&params, &result(0.01, 10), |_| true),
            Decision::Play(Some(Point::new(0, 0)))
        );
        // The first allowed move, else pass.
        let not_first = |mv: Option<Point>| mv != Some(Point::new(0, 0));
        assert_eq!(
            decide(&params, &result(0.5, 5000), not_first),
            Decision::Play(Some(Point::new(1, 1)))
        );
        assert_eq!(
            decide(&params, &result(0.5, 5000), |_| false),
            Decision::Play(None)
        );
    }

    #[test]
    fn a_losing_pass_is_a_resignation() {
        // The search's choice is a pass (most visited), with this win rate.
        let moves = [None, Some(Point::new(2, 2))];
        let passing = |winrate: f32, playouts: u64| searched(&moves, winrate, playouts);
        let params = PlayerParams::default();
        // Above the plain resignation threshold, below the pass's.
        let lost = (params.resign_winrate + params.resign_pass_winrate) / 2.0;
        assert_eq!(
            decide(&params, &passing(lost, 5000), |_| true),
            Decision::Resign
        );
        // A pass that wins, or one searched too little, is played.
        assert_eq!(
            decide(&params, &passing(0.6, 5000), |_| true),
            Decision::Play(None)
        );
        assert_eq!(
            decide(&params, &passing(lost, 10), |_| true),
            Decision::Play(None)
        );
        // A stone at the same win rate is played: only the pass resigns.
        assert_eq!(
            decide(&params, &passing(lost, 5000), |mv| mv.is_some()),
            Decision::Play(Some(Point::new(2, 2)))
        );
        // A pass chosen because the stone visited more is not allowed says
        // little (in games: an unvisited pass after a stone that repeats a
        // position) and is played.
        let stone_first = [Some(Point::new(2, 2)), None];
        assert_eq!(
            decide(&params, &searched(&stone_first, lost, 5000), |mv| mv
                .is_none()),
            Decision::Play(None)
        );
        // 0 turns the rule off.
        let never = PlayerParams {
            resign_pass_winrate: 0.0,
            ..PlayerParams::default()
        };
        assert_eq!(
            decide(&never, &passing(lost, 5000), |_| true),
            Decision::Play(None)
        );
    }
}
