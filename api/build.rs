//! Re-embeds the migrations when a migration folder is added or removed.

fn main() {
    println!("cargo:rerun-if-changed=../migrations");
}
