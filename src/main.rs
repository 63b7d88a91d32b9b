fn main() {
    println!("goref {}", env!("CARGO_PKG_VERSION"));
}
