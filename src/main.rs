fn main() -> std::process::ExitCode {
    hoard::cli::main()
}
