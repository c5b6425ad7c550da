//! The integration tests of `loader`, one module per subject, built as one test
//! binary (one link instead of one per file; the tests of all subjects share
//! the test threads).

mod owl_cases;

mod combination_blunder;
mod dragon_data_agreement;
mod endgame_pass;
mod eyes_agreement;
mod genmove_agreement;
mod influence_agreement;
mod owl_agreement;
mod owl_bands;
mod owl_candidates;
mod owl_consistency;
mod owl_estimate;
mod owl_threads;
mod reasons_agreement;
mod reasons_snapshots;
mod region_count_passes;
mod regression_engine;
mod territorial_followup;
