// The web client in ../../web/dist is embedded by rust-embed: rebuild when it changes
// (files added or removed change the folders' times).
fn main() {
    println!("cargo:rerun-if-changed=../../web/dist");
    println!("cargo:rerun-if-changed=../../web/dist/assets");
}
