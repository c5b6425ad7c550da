//! The memory a batch really takes stays within [`BatchEnv::estimated_bytes`],
//! the figure `tesuji env bench --batch` checks against its budget: counted
//! by a global allocator that tracks the bytes live at the peak, while the
//! batch is built and played until games have ended and restarted.
//!
//! A binary of its own, outside `tests/all/`: its global allocator counts
//! every allocation of the process, so no other test may run beside it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use goenv::EnvConfig;
use goenv::batch::{BatchConfig, BatchEnv};

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size(), Ordering::SeqCst) + layout.size();
        PEAK.fetch_max(live, Ordering::SeqCst);
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::SeqCst);
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

#[test]
fn a_batch_takes_no_more_than_its_estimate_and_at_least_half_of_it() {
    for (size, observations) in [(5, false), (9, false), (9, true), (19, false)] {
        let env = EnvConfig::new(size).unwrap();
        let config = BatchConfig {
            env,
            batch_size: 64,
            seed: 3,
            observations,
        };
        let before = LIVE.load(Ordering::SeqCst);
        PEAK.store(before, Ordering::SeqCst);
        let mut batch = BatchEnv::new(config).unwrap();
        // Long enough for every game to reach its step limit at least once.
        for _ in 0..(2 * env.max_steps() + 10) {
            batch.step_random();
        }
        assert!(batch.games_finished() >= 64);
        let used = PEAK.load(Ordering::SeqCst) - before;
        drop(batch);
        let estimate = BatchEnv::estimated_bytes(&config);
        eprintln!(
            "{size}x{size} observations {observations}: {used} bytes used, {estimate} estimated"
        );
        assert!(used <= estimate, "{size}: {used} > {estimate}");
        assert!(
            used * 2 >= estimate,
            "{size}: {used} is far below {estimate}"
        );
    }
}
