// sqlx's migrate! embeds the repository's migrations/ when the store compiles: a new
// migration triggers a rebuild.
fn main() {
    println!("cargo:rerun-if-changed=../../migrations");
}
