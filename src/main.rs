// mimalloc, SQLite's allocations included: a long read frees on one thread what another
// allocated, which glibc's malloc serialises (`audit swords` 0.50x; docs/benchmarks.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    hoard::cli::main()
}
