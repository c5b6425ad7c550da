//! `tesuji gtp`: the `gtp` crate's server on standard input and output
//! (GNU Go 3.8's answer formats and error strings, KataGo's
//! `kata-set-rules` / `kata-get-rules`, `genmove` on the engine's analysed
//! position, GoGui's analyze commands), with SGF files and GNU Go's
//! handicap points from the file system (`gtp::session::SgfFiles`) and the
//! databases of the run (embedded, or GNU Go's directory compiled at
//! start-up).

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;

use clap::Args;
use engine::combination::CombinationParams;
use engine::front::dragon_data::DragonDataParams;
use engine::front::genmove::{CombinationBlunderParams, GenmoveParams};
use engine::front::move_reasons::ReviewParams;
use engine::influence::FollowupParams;
use engine::owl::OwlParams;
use engine::owl::semeai::SemeaiParams;
use rules::Rules;

use gtp::ServeError;
use gtp::search_player::{PlayerParams, SearchPlayer};
use gtp::session::{Session, SgfFiles};

use super::CliError;
use loader::gnugo_dir as pattern_set;

/// Arguments of `tesuji gtp`.
#[derive(Debug, Args)]
pub struct GtpArgs {
    /// The rules to start with: a KataGo preset name (`tromp-taylor`,
    /// `chinese`, `japanese`, …), a short form or a JSON object; default
    /// GNU Go's own (`gnugo`: simple ko, no suicide, area scoring) with
    /// komi 5.5.
    #[arg(long)]
    pub rules: Option<String>,
    /// GNU Go's pattern directory: genmove's proposals come from its shape
    /// databases, compiled at start-up with GNU Go's options (default: the
    /// databases compiled into tesuji).
    #[arg(long, value_name = "DIR")]
    pub patterns: Option<PathBuf>,
    /// How `genmove` chooses: `patterns` (the engine's shape proposals,
    /// GNU Go's move generation) or `mcts` (Monte Carlo tree search with
    /// the playout policy of `--mc-policy`; `reg_genmove` keeps the
    /// engine's move).
    #[arg(long, value_enum, default_value_t = SearchKind::Patterns)]
    pub search: SearchKind,
    /// The playout policy: `tesuji` (embedded `patterns/mc_tesuji.db`) or
    /// a GNU Go `mc_NAME.db` of the `--patterns` directory
    /// (`mogo_classic`, `montegnu_classic`, `uniform`).
    #[arg(long, default_value = loader::mc_policy::EMBEDDED, value_name = "NAME")]
    pub mc_policy: String,
    /// Search threads.
    #[arg(long, default_value_t = 1)]
    pub threads: usize,
    /// Playouts per move instead of the clock (with one thread and
    /// `--seed`, the same moves every time).
    #[arg(long)]
    pub playouts: Option<u64>,
    /// Seed of the playouts' random numbers (1 when not given) and of GNU
    /// Go's random term in the engine's move generation (without it the
    /// engine's genmove is deterministic).
    #[arg(long)]
    pub seed: Option<u64>,
    /// With `--search mcts`: the engine's eight best valued moves get root
    /// priors in proportion to their values (its move generation runs
    /// before each search).
    #[arg(long)]
    pub engine_priors: bool,
    /// With `--engine-priors`: the engine's N best moves also give the
    /// opponent's replies priors (one more move generation each).
    #[arg(long, default_value_t = PlayerParams::default().engine_prior_replies)]
    pub engine_prior_replies: usize,
    /// With `--engine-priors`: the prior visits each engine prior counts as.
    #[arg(long, default_value_t = mcts::SearchParams::default().root_prior_visits)]
    pub engine_prior_visits: u16,
    /// Resign when the best move wins less often than this (0: never).
    #[arg(long, default_value_t = PlayerParams::default().resign_winrate)]
    pub resign_winrate: f32,
    /// Resign instead of passing when the pass wins less often than this
    /// (0: never).
    #[arg(long, default_value_t = PlayerParams::default().resign_pass_winrate)]
    pub resign_pass_winrate: f32,
    /// Most tree nodes kept (32 bytes each, two trees).
    #[arg(long, default_value_t = 1 << 21)]
    pub max_nodes: usize,
    /// RAVE equivalence: the visits at which a node's AMAF and real
    /// results weigh the same.
    #[arg(long, default_value_t = mcts::SearchParams::default().rave_equivalence)]
    pub rave_equivalence: f32,
    /// Playouts may play any self-atari the table allows (by default they
    /// never leave a string of more than a throw-in or nakade in atari,
    /// which keeps sekis: `mcts::SelfAtariRule`).
    #[arg(long)]
    pub allow_self_atari: bool,
    /// Atari escapes read as laddered within this many extensions are
    /// never played in the playouts and get the tree's lowest prior (on
    /// by default, 20 extensions; 0: no ladder reading, the rule off;
    /// `mcts::LadderRule`).
    #[arg(long, default_value_t = mcts::LadderRule::default().max_extensions)]
    pub ladder_extensions: u16,
    /// Per cent of the playouts' draws next to a killing-shape eye space
    /// (straight or bent three, pyramid four, bulky or crossed five,
    /// rabbity six) that play its vital point; the tree gives that point
    /// the best pattern prior (on by default, 100; 0: off;
    /// `mcts::NakadeRule`).
    #[arg(long, default_value_t = mcts::NakadeRule::default().percent)]
    pub nakade_percent: u8,
    /// Per cent of the playouts' draws that answer an atari the last move
    /// left, when there is one (MoGo's order: save a string of the
    /// mover's next to the last move, else capture a string in atari
    /// around it; 0, the default: off; `mcts::CaptureRule`).
    #[arg(long, default_value_t = mcts::CaptureRule::OFF.percent)]
    pub capture_percent: u8,
    /// Prior visits, all won, that the tree gives the most critical move of
    /// a node: the one at the point whose ownership goes most with winning
    /// the playouts (Coulom's criticality); a move gets a share by its
    /// criticality relative to that move's, none at half of it or below
    /// (`mcts::CriticalityRule`); 0, the default: off.
    #[arg(long, default_value_t = mcts::CriticalityRule::OFF.visits)]
    pub criticality_visits: u16,
    /// Last good replies with forgetting in the playouts: `one` stores the
    /// winner's reply to each move, `two` to each pair of moves as well,
    /// and later playouts of the search play a stored reply first
    /// (`mcts::LastGoodReply`); `off`, the default: the policy alone.
    #[arg(long, default_value = "off", value_parser = last_good_reply, value_name = "off|one|two")]
    pub last_good_reply: mcts::LastGoodReply,
    /// With `--last-good-reply`: the stored replies are kept from one move's
    /// search to the next (until `clear_board`), not learnt afresh for each.
    #[arg(long)]
    pub keep_replies: bool,
    /// With `--search mcts`: the engine's tactical reading gives root
    /// priors to the moves that capture an opposing string or save one of
    /// the mover's (strings of at most two liberties; `gtp::tactical_priors`).
    #[arg(long)]
    pub tactical_priors: bool,
    /// With `--search mcts`: while fewer than N stones stand on the board,
    /// `genmove` plays the engine's move (GNU Go's move generation, its
    /// fuseki and joseki databases with `--patterns`) instead of searching
    /// (0, the default: never).
    #[arg(long, default_value_t = PlayerParams::default().engine_opening_stones, value_name = "N")]
    pub engine_opening_stones: usize,
    /// With `--search mcts`: the search never plays a stone that joins one
    /// of its own strings, captures nothing and leaves that string one the
    /// tactical reader captures (running out a ladder or a net;
    /// `gtp::unsafe_extensions`; off by default).
    #[arg(long)]
    pub refuse_unsafe_extensions: bool,
    /// With `--search mcts`: moves in an open area (no stone within
    /// distance 3) of a board of 13×13 or more get tree priors by their
    /// line, the first two low, the third and fourth high
    /// (`mcts::OpeningRule`; off by default).
    #[arg(long)]
    pub opening_priors: bool,
    /// With `--search mcts`: the visits a tree node needs before it is
    /// expanded.
    #[arg(long, default_value_t = mcts::SearchParams::default().expand_visits)]
    pub expand_visits: u32,
    /// A limit of the combination search behind `combination_attack` and
    /// `combination_defend`, `KEY=VALUE` (repeatable; the fields of
    /// `engine::combination::CombinationParams`, from
    /// `CombinationParams::answers()`, e.g. `targets=alive`), or
    /// `blunder=F` / `blunder=off` (genmove's combination blunder check,
    /// `GenmoveParams::combination_blunder`, and its amount per target
    /// value) or `blunder.KEY=VALUE` (that check's search). For
    /// experiments.
    #[arg(long, value_name = "KEY=VALUE")]
    pub combination: Vec<String>,
    /// Genmove adds GNU Go's territorial followup (the followup influence,
    /// `GenmoveParams::territorial_followup` with `FollowupParams`'s
    /// defaults) to each move's followup; off by default. For experiments.
    #[arg(long)]
    pub territorial_followup: bool,
    /// A switch of the move reasons' review, `KEY=on|off` (repeatable; the
    /// fields of `engine::front::move_reasons::ReviewParams`, e.g.
    /// `also_owl=on`). For experiments.
    #[arg(long, value_name = "KEY=VALUE")]
    pub review: Vec<String>,
    /// A field of genmove's valuation constants, `KEY=VALUE` (repeatable;
    /// the names `engine::valuation::ValuationParams::set` takes, e.g.
    /// `small_status_size=1.5`, or `territory.KEY=VALUE`, the region
    /// count's, `engine::front::genmove::TerritoryStandIn::set`, e.g.
    /// `territory.point_weight=value`, or `fill.KEY=VALUE`, liberty
    /// filling's, `engine::front::genmove::FillParams::set`). For
    /// experiments.
    #[arg(long, value_name = "KEY=VALUE")]
    pub valuation: Vec<String>,
    /// A field of the owl search's limits and switches, `KEY=VALUE`
    /// (repeatable; the fields of `engine::owl::OwlParams`, switches
    /// `on`/`off`, numbers, `none` for an optional limit, e.g.
    /// `escape_route_from_influence=on` or `node_limit=500`): the dragon
    /// statuses of the analysis, genmove's owl reasons and the owl GTP
    /// questions read with them. For experiments.
    #[arg(long, value_name = "KEY=VALUE")]
    pub owl: Vec<String>,
    /// A field of the semeai reader's limits and switches, `KEY=VALUE`
    /// (repeatable; `engine::owl::semeai::SemeaiParams::set`'s names,
    /// switches `on`/`off`, the owl's settling switches as `owl.NAME`,
    /// e.g. `owl.defence_kills_alive=on`): `analyze_semeai` and
    /// `dragon_status` read with them. For experiments.
    #[arg(long, value_name = "KEY=VALUE")]
    pub semeai: Vec<String>,
    /// A field of the dragon data's rules, `KEY=VALUE` (repeatable;
    /// `engine::front::dragon_data::DragonDataParams::set`'s names, moyo
    /// sizes or `off`, e.g. `alive_from_moyo=16`): the crude status and
    /// weakness `dragon_data` prints and genmove values with. For
    /// experiments.
    #[arg(long, value_name = "KEY=VALUE")]
    pub dragon_data: Vec<String>,
}

/// The move generators of `tesuji gtp`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum SearchKind {
    /// The engine's shape proposals.
    Patterns,
    /// Monte Carlo tree search.
    Mcts,
}

/// Runs the server until `quit` or the end of the input.
pub fn run(args: &GtpArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let rules = match &args.rules {
        Some(text) => Rules::parse(text).map_err(|e| format!("--rules: {e}"))?,
        None => Session::default_rules(),
    };
    // The pattern databases of the run (embedded, or GNU Go's directory
    // given with `--patterns`) are the engine's.
    let databases = pattern_set::from_option(args.patterns.as_deref())?;
    let mut session = Session::with_databases(&SgfFiles, rules, Arc::new(databases));
    session.set_random_seed(args.seed);
    let (combination, mut genmove) = combination_settings(&args.combination)?;
    if args.territorial_followup {
        genmove.territorial_followup = Some(FollowupParams::default());
    }
    valuation_settings(&mut genmove, &args.valuation)?;
    session.set_combination_params(combination);
    session.set_genmove_params(genmove);
    session
        .engine()
        .set_review_params(settings("--review", &args.review, ReviewParams::set)?);
    session
        .engine()
        .set_owl_params(settings("--owl", &args.owl, OwlParams::set)?);
    session
        .engine()
        .set_semeai_params(settings("--semeai", &args.semeai, SemeaiParams::set)?);
    session.engine().set_dragon_data_params(settings(
        "--dragon-data",
        &args.dragon_data,
        DragonDataParams::set,
    )?);
    if args.search == SearchKind::Mcts {
        session.set_search(search_player(args)?);
    }
    gtp::serve(&mut session, std::io::BufReader::new(std::io::stdin()), out).map_err(|e| match e {
        ServeError::Read(e) => CliError::Message(format!("reading standard input: {e}")),
        ServeError::Write(e) => CliError::from(e),
    })
}

/// The combination limits and genmove constants of `--combination`.
fn combination_settings(
    settings: &[String],
) -> Result<(CombinationParams, GenmoveParams), CliError> {
    let mut combination = CombinationParams::answers();
    let mut genmove = GenmoveParams::default();
    for setting in settings {
        let (key, value) = key_value("--combination", setting)?;
        if key == "blunder" {
            genmove.combination_blunder = match value {
                "off" => None,
                v => Some(CombinationBlunderParams {
                    per_value: v
                        .parse()
                        .map_err(|_| format!("--combination {setting}: not a number"))?,
                    ..genmove.combination_blunder.unwrap_or_default()
                }),
            };
        } else if let Some(key) = key.strip_prefix("blunder.") {
            if let Some(check) = genmove.combination_blunder.as_mut() {
                check
                    .search
                    .set(key, value)
                    .map_err(|e| format!("--combination: {e}"))?;
            }
        } else {
            combination
                .set(key, value)
                .map_err(|e| format!("--combination: {e}"))?;
        }
    }
    Ok((combination, genmove))
}

/// Applies `--valuation`'s settings to `genmove`: `territory.KEY=VALUE`
/// to the region count, `fill.KEY=VALUE` to liberty filling, any other
/// key to the valuation's constants.
pub fn valuation_settings(
    genmove: &mut GenmoveParams,
    settings: &[String],
) -> Result<(), CliError> {
    for setting in settings {
        let (key, value) = key_value("--valuation", setting)?;
        let set = if let Some(field) = key.strip_prefix("territory.") {
            genmove.territory.set(field, value)
        } else if let Some(field) = key.strip_prefix("fill.") {
            genmove.fill.set(field, value)
        } else {
            genmove.valuation.set(key, value)
        };
        set.map_err(|e| format!("--valuation: {e}"))?;
    }
    Ok(())
}

/// The parameters `P` (from their defaults) after every `KEY=VALUE` of
/// the repeatable option `flag`, each set by `set` (`--review`, `--owl`,
/// `--semeai`, `--dragon-data`); the first refused setting stops with its
/// reason.
fn settings<P: Default>(
    flag: &str,
    settings: &[String],
    set: impl Fn(&mut P, &str, &str) -> Result<(), String>,
) -> Result<P, CliError> {
    let mut params = P::default();
    for setting in settings {
        let (key, value) = key_value(flag, setting)?;
        set(&mut params, key, value).map_err(|e| format!("{flag}: {e}"))?;
    }
    Ok(params)
}

/// `--last-good-reply`'s value.
fn last_good_reply(text: &str) -> Result<mcts::LastGoodReply, String> {
    mcts::LastGoodReply::parse(text).ok_or_else(|| {
        format!(
            "unknown rule {text:?}; expected one of {}",
            mcts::LastGoodReply::NAMES.join(", ")
        )
    })
}

/// One `KEY=VALUE` setting of a repeatable option `flag`.
fn key_value<'a>(flag: &str, setting: &'a str) -> Result<(&'a str, &'a str), CliError> {
    setting
        .split_once('=')
        .ok_or_else(|| format!("{flag} {setting}: not KEY=VALUE").into())
}

/// The search player of `--search mcts` with the options' policy,
/// threads, playouts and seed.
fn search_player(args: &GtpArgs) -> Result<SearchPlayer, CliError> {
    let table = loader::mc_policy::mc_table(&args.mc_policy, args.patterns.as_deref())?;
    let params = mcts::SearchParams {
        threads: args.threads.max(1),
        seed: args.seed.unwrap_or(1),
        max_nodes: args.max_nodes,
        root_prior_visits: args.engine_prior_visits,
        rave_equivalence: args.rave_equivalence,
        deterministic: args.playouts.is_some() && args.threads <= 1,
        criticality: mcts::CriticalityRule {
            visits: args.criticality_visits,
            ..mcts::CriticalityRule::OFF
        },
        opening: if args.opening_priors {
            mcts::OpeningRule::ON
        } else {
            mcts::OpeningRule::OFF
        },
        expand_visits: args.expand_visits.max(1),
        last_good_reply: args.last_good_reply,
        keep_replies: args.keep_replies,
        ..mcts::SearchParams::default()
    };
    let self_atari = if args.allow_self_atari {
        mcts::SelfAtariRule::OFF
    } else {
        mcts::SelfAtariRule::default()
    };
    let policy = mcts::Policy::with_self_atari(table, self_atari)
        .with_ladder(mcts::LadderRule {
            max_extensions: args.ladder_extensions,
        })
        .with_nakade(mcts::NakadeRule {
            percent: args.nakade_percent.min(100),
        })
        .with_capture(mcts::CaptureRule {
            percent: args.capture_percent.min(100),
        });
    let searcher = mcts::Searcher::new(params, Arc::new(policy));
    Ok(SearchPlayer {
        searcher,
        params: PlayerParams {
            playouts: args.playouts,
            engine_priors: args.engine_priors,
            engine_prior_replies: args.engine_prior_replies,
            resign_winrate: args.resign_winrate,
            resign_pass_winrate: args.resign_pass_winrate,
            tactical_priors: args
                .tactical_priors
                .then(gtp::tactical_priors::TacticalPriorParams::default),
            engine_opening_stones: args.engine_opening_stones,
            refuse_unsafe_extensions: args.refuse_unsafe_extensions,
            ..PlayerParams::default()
        },
    })
}
