// mimalloc, for every allocation in the process (SQLite's included). A long read streams its
// rows from SQLite's thread to hoard's: each row is allocated on one thread and freed on the
// other, and glibc's malloc serialises those frees on a lock of the arena they came from,
// against the reader allocating the next rows (profiled: a tenth of SQLite's thread waiting on
// that lock, another tenth in malloc's slow path). mimalloc hands a freed block back to its
// thread without a lock.
//
// Measured on 2026-12-02 (2-CPU virtual machine, 1,000,000-event campaign, runs interleaved,
// medians), against glibc's malloc: `audit swords` (123,517 checks) 0.50x the wall time,
// 3.98x -> 2.01x the sqlite3 CLI's query; `export` 0.55x; `log` of every event 0.58x;
// `check` 0.62x.
// The price, start-up: short commands touch more pages (log --limit 20: 309 -> 460 page
// faults) and take 1.02x-1.05x the wall time, about 0.1 ms.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    hoard::cli::main()
}
