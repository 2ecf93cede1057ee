/// restlite's version, printed by `restlite --version`. The one place it is written down.
enum RestliteVersion {
    static let current = "0.5.0"
}
