//! The state of one GTP session and its commands: the game under the
//! current rules (GNU Go's own by default, KataGo's by
//! `kata-set-rules`), capture counts for `showboard`, and the answers in
//! GNU Go 3.8's formats and with its error strings.

use goban::{Board, Color, Geometry, Point};
use rules::{Game, Move, Rules};

use super::protocol::Answer;

/// GNU Go's default komi for a new session.
const DEFAULT_KOMI: f64 = 5.5;

/// Every command this server knows, in `list_commands` order.
pub const COMMANDS: &[&str] = &[
    "black",
    "boardsize",
    "clear_board",
    "final_score",
    "fixed_handicap",
    "genmove",
    "kata-get-rules",
    "kata-set-rules",
    "known_command",
    "komi",
    "list_commands",
    "loadsgf",
    "name",
    "play",
    "protocol_version",
    "quit",
    "set_free_handicap",
    "showboard",
    "unconditional_status",
    "undo",
    "version",
    "white",
];

/// What the session needs from outside the rules: positions loaded from
/// SGF, GNU Go's fixed handicap points and the move generator.
pub trait Services {
    /// Loads `file` like GTP `loadsgf FILE [N]`: the board and the colour
    /// to move, or a message.
    fn load_sgf(&self, file: &str, move_number: Option<u32>) -> Result<(Board, Color), String>;
    /// GNU Go's fixed handicap points for `stones` on a `size` board (fewer
    /// or none where GNU Go places fewer).
    fn fixed_handicap(&self, size: usize, stones: u32) -> Vec<Point>;
    /// The moves proposed for `color` on `game`'s position, best first.
    fn proposals(&self, game: &Game, color: Color) -> Vec<Point>;
}

/// One GTP session.
pub struct Session<'s> {
    services: &'s dyn Services,
    rules: Rules,
    size: usize,
    game: Game,
    /// Stones captured by Black and by White.
    captured: [usize; 2],
    /// `captured` before each move, for `undo`.
    captured_history: Vec<[usize; 2]>,
    quit: bool,
}

impl<'s> Session<'s> {
    /// A session on an empty 19×19 board under `rules` (GNU Go's komi 5.5
    /// unless the rules say otherwise through `komi`).
    pub fn new(services: &'s dyn Services, rules: Rules) -> Session<'s> {
        let size = 19;
        Session {
            services,
            rules,
            size,
            game: new_game(size, rules),
            captured: [0; 2],
            captured_history: Vec::new(),
            quit: false,
        }
    }

    /// GNU Go's move rules with its default komi.
    pub fn default_rules() -> Rules {
        let mut rules = Rules::preset("gnugo").expect("the gnugo preset exists");
        rules.komi = DEFAULT_KOMI;
        rules
    }

    /// Whether `quit` was received.
    pub fn quit(&self) -> bool {
        self.quit
    }

    /// The game.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Runs one command.
    pub fn execute(&mut self, name: &str, args: &[String]) -> Answer {
        match name {
            "protocol_version" => Ok("2".into()),
            "name" => Ok("tesuji".into()),
            "version" => Ok(env!("CARGO_PKG_VERSION").into()),
            "known_command" => Ok(args
                .first()
                .is_some_and(|c| COMMANDS.contains(&c.as_str()))
                .to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            "boardsize" => self.boardsize(args),
            "clear_board" => {
                self.reset(self.size);
                Ok(String::new())
            }
            "komi" => self.komi(args),
            "play" => self.play(args),
            "black" | "white" => {
                let mut with_color = vec![name.to_string()];
                with_color.extend(args.iter().cloned());
                self.play(&with_color)
            }
            "genmove" => self.genmove(args),
            "undo" => self.undo(),
            "showboard" => Ok(super::board_text::showboard(
                self.game.board(),
                self.captured,
            )),
            "final_score" => Ok(self.final_score()),
            "loadsgf" => self.loadsgf(args),
            "fixed_handicap" => self.fixed_handicap(args),
            "set_free_handicap" => self.set_free_handicap(args),
            "unconditional_status" => self.unconditional_status(args),
            "kata-get-rules" => Ok(self.rules.to_json()),
            "kata-set-rules" => self.set_rules(args),
            _ => Err("unknown command".into()),
        }
    }

    fn reset(&mut self, size: usize) {
        self.size = size;
        self.game = new_game(size, self.rules);
        self.captured = [0; 2];
        self.captured_history.clear();
    }

    /// Starts a game from `board` with `to_move` to play.
    fn start_from(&mut self, board: Board, to_move: Color) {
        self.size = board.geometry().width();
        self.game = Game::new(board, self.rules, to_move);
        self.captured = [0; 2];
        self.captured_history.clear();
    }

    fn boardsize(&mut self, args: &[String]) -> Answer {
        let size: i64 = args
            .first()
            .and_then(|a| a.parse().ok())
            .ok_or("boardsize not an integer")?;
        if !(1..=goban::MAX_SIZE as i64).contains(&size) {
            return Err("unacceptable size".into());
        }
        self.reset(size as usize);
        Ok(String::new())
    }

    fn komi(&mut self, args: &[String]) -> Answer {
        let komi: f64 = args
            .first()
            .and_then(|a| a.parse().ok())
            .filter(|k: &f64| k.is_finite())
            .ok_or("komi not a float")?;
        self.rules.komi = komi;
        self.game.set_komi(komi);
        Ok(String::new())
    }

    fn vertex(&self, text: &str) -> Option<Move> {
        if text.eq_ignore_ascii_case("pass") {
            return Some(Move::Pass);
        }
        let geometry = self.game.board().geometry();
        geometry.parse_gtp(text).map(Move::Play)
    }

    fn play(&mut self, args: &[String]) -> Answer {
        let invalid = || "invalid color or coordinate".to_string();
        let [color, vertex] = args else {
            return Err(invalid());
        };
        let color = Color::parse(color).ok_or_else(invalid)?;
        let mv = self.vertex(vertex).ok_or_else(invalid)?;
        self.play_move(color, mv)
            .map_err(|_| "illegal move".to_string())?;
        Ok(String::new())
    }

    /// Plays a move under the rules, keeping the capture counts.
    fn play_move(&mut self, color: Color, mv: Move) -> Result<(), rules::IllegalMove> {
        let board = self.game.board();
        let (own, other) = (board.stone_count(color), board.stone_count(color.other()));
        self.game.play(color, mv)?;
        let board = self.game.board();
        let placed = usize::from(matches!(mv, Move::Play(_)));
        self.captured_history.push(self.captured);
        self.captured[color.index()] += other - board.stone_count(color.other());
        // A suicide: the mover's own stones go to the opponent's count.
        self.captured[color.other().index()] +=
            (own + placed).saturating_sub(board.stone_count(color));
        Ok(())
    }

    fn genmove(&mut self, args: &[String]) -> Answer {
        let color = match args {
            [color] => Color::parse(color),
            _ => None,
        }
        .ok_or("invalid color")?;
        let geometry = self.game.board().geometry();
        let chosen = self
            .services
            .proposals(&self.game, color)
            .into_iter()
            .filter_map(|p| geometry.vertex(p))
            .find(|&v| self.game.is_legal(color, Move::Play(v)));
        let mv = chosen.map_or(Move::Pass, Move::Play);
        self.play_move(color, mv)
            .map_err(|e| format!("cannot play the generated move: {e}"))?;
        Ok(match mv {
            Move::Pass => "PASS".into(),
            Move::Play(v) => geometry.gtp(v),
        })
    }

    fn undo(&mut self) -> Answer {
        if !self.game.undo() {
            return Err("cannot undo".into());
        }
        if let Some(captured) = self.captured_history.pop() {
            self.captured = captured;
        }
        Ok(String::new())
    }

    /// The score under the current rules, `B+X`, `W+X` or `0`.
    fn final_score(&self) -> String {
        let (white_minus_black, _) = self.game.score_position();
        format_score(white_minus_black)
    }

    fn loadsgf(&mut self, args: &[String]) -> Answer {
        let file = args.first().ok_or("missing filename")?;
        let move_number = match args.get(1) {
            None => None,
            Some(n) => Some(n.parse::<u32>().map_err(|_| "move number not an integer")?),
        };
        let (board, to_move) = self
            .services
            .load_sgf(file, move_number)
            .map_err(|_| format!("cannot open or parse '{file}'"))?;
        self.start_from(board, to_move);
        Ok(match to_move {
            Color::Black => "black".into(),
            Color::White => "white".into(),
        })
    }

    fn board_is_empty(&self) -> bool {
        let board = self.game.board();
        board.stone_count(Color::Black) + board.stone_count(Color::White) == 0
    }

    fn fixed_handicap(&mut self, args: &[String]) -> Answer {
        let stones: i64 = args
            .first()
            .and_then(|a| a.parse().ok())
            .ok_or("handicap not an integer")?;
        if !self.board_is_empty() {
            return Err("board not empty".into());
        }
        let points = u32::try_from(stones)
            .ok()
            .filter(|&n| n >= 2)
            .map(|n| self.services.fixed_handicap(self.size, n))
            .filter(|points| points.len() as i64 == stones)
            .ok_or("invalid handicap")?;
        self.place_handicap(&points)
    }

    fn set_free_handicap(&mut self, args: &[String]) -> Answer {
        if !self.board_is_empty() {
            return Err("board not empty".into());
        }
        let geometry = self.game.board().geometry();
        let mut points = Vec::new();
        for text in args {
            let p = geometry
                .parse_gtp(text)
                .map(|v| geometry.point(v))
                .ok_or("invalid coordinate")?;
            if points.contains(&p) {
                return Err("repeated vertex".into());
            }
            points.push(p);
        }
        if points.len() < 2 || points.len() >= geometry.points_count() {
            return Err("invalid handicap".into());
        }
        self.place_handicap(&points).map(|_| String::new())
    }

    /// Puts Black's handicap stones on the empty board; White moves next.
    fn place_handicap(&mut self, points: &[Point]) -> Answer {
        let mut board = self.game.board().clone();
        let geometry = board.geometry();
        let mut vertices = Vec::new();
        for &p in points {
            let v = geometry.vertex(p).ok_or("invalid handicap")?;
            board.place_stone(Color::Black, v);
            vertices.push(v);
        }
        self.start_from(board, Color::White);
        // GNU Go lists the stones in board order.
        vertices.sort();
        let names: Vec<String> = vertices.iter().map(|&v| geometry.gtp(v)).collect();
        Ok(names.join(" "))
    }

    /// GNU Go's `unconditional_status V`: `alive` for a stone that can
    /// never be captured even if the opponent plays any number of moves in
    /// a row, `dead` for a stone inside the opponent's unconditional
    /// territory, `black_territory` / `white_territory` for an empty point
    /// there, `undecided` otherwise (see `engine::unconditional`).
    fn unconditional_status(&self, args: &[String]) -> Answer {
        let board = self.game.board();
        let v = match args {
            [vertex] => board.geometry().parse_gtp(vertex),
            _ => None,
        }
        .ok_or("invalid coordinate")?;
        Ok(engine::unconditional::unconditional_status(board, v)
            .gtp_name()
            .into())
    }

    fn set_rules(&mut self, args: &[String]) -> Answer {
        let text = args.join(" ");
        let mut rules = Rules::parse(&text).map_err(|e| e.to_string())?;
        // Like KataGo: rules given without komi keep the current komi.
        if !text.contains("komi") {
            rules.komi = self.rules.komi;
        }
        self.rules = rules;
        let board = self.game.board().clone();
        let to_move = self.game.to_move();
        self.start_from(board, to_move);
        Ok(String::new())
    }
}

fn new_game(size: usize, rules: Rules) -> Game {
    let geometry = Geometry::square(size).expect("sizes are checked by boardsize");
    Game::new(Board::new(geometry), rules, Color::Black)
}

/// A White-minus-Black score as GTP writes it: `W+2.5`, `B+0.5`, `0`.
pub fn format_score(white_minus_black: f64) -> String {
    if white_minus_black > 0.0 {
        format!("W+{white_minus_black:.1}")
    } else if white_minus_black < 0.0 {
        format!("B+{:.1}", -white_minus_black)
    } else {
        "0".into()
    }
}
