//! The reader's generator table and numbers, and the connection search's,
//! as text: a tuning change shows as a one-line diff of the snapshots.

use tactics::connection::ConnectionParams;
use tactics::connection::producers::Producers;
use tactics::reader::ReadingParams;
use tactics::reader::generators;

#[test]
fn the_reader_generator_table_and_params() {
    insta::assert_snapshot!(generators::describe(&ReadingParams::default()));
}

#[test]
fn the_connection_producer_table_and_params() {
    insta::assert_snapshot!(Producers::describe(&ConnectionParams::default()));
}
