#![forbid(unsafe_code)]

// mimalloc, SQLite's allocations included: a long read frees on one thread what another
// allocated, which glibc's malloc serialises (`audit swords` 1.79x faster; docs/benchmarks.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    hoard::cli::main()
}
