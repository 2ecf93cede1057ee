import PlatformSupport
import RestDBAPI
import SocketHTTP

/// Why `restlite serve` cannot start, worded for the person who typed the command.
public enum ServeError: Error, CustomStringConvertible, Sendable {
    /// A flag or environment variable holds a value that cannot be used.
    case invalidSetting(String)
    /// `--seed FILE` (serve, reset) names a file that is not there.
    case seedFileMissing(path: String)
    /// Binding or listening failed (port in use, address not local, no permission).
    case cannotListen(host: String, port: Int, reason: SocketError)

    public var description: String {
        switch self {
        case .invalidSetting(let message):
            message
        case .seedFileMissing(let path):
            "the seed file \(path) does not exist; give --seed an existing JSON file, or leave --seed out "
                + "to use \(ServeConfiguration.defaultSeedFile) (or the built-in seed when that is absent)"
        case .cannotListen(let host, let port, let reason):
            "cannot listen on \(host) port \(port): \(reason). "
                + (reason.errno == Errno.addressInUse
                    ? "Another program uses that port; stop it or choose another with --port (0 picks a free one)."
                    : "Check --host and --port.")
        }
    }
}
