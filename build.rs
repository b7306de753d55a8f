// sqlx's migrate! embeds migrations/ when hoard compiles: a new migration triggers a rebuild.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
