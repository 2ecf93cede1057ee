import PlatformSupport

/// PostgreSQL's client library, `libpq`, loaded at run time (`DynamicLibrary`) rather than
/// linked: restlite then starts and runs on SQLite on a machine without it, and only a
/// `postgres://` database needs it (see docs/ARCHITECTURE.md). The functions restlite calls are
/// looked up once, as C function pointers.
///
/// ```swift
/// let libpq = try LibPQ.shared()
/// let connection = libpq.connectdb("host=/tmp dbname=restlite")
/// ```
package struct LibPQ: Sendable {
    typealias Connect = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    typealias ConnectionInt = @convention(c) (OpaquePointer?) -> Int32
    typealias ConnectionText = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    typealias ConnectionVoid = @convention(c) (OpaquePointer?) -> Void
    typealias ExecParams =
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<UInt32>?,
            UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
        ) -> OpaquePointer?
    typealias Prepare =
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32, UnsafePointer<UInt32>?
        ) -> OpaquePointer?
    typealias ExecPrepared =
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<UnsafePointer<CChar>?>?,
            UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
        ) -> OpaquePointer?
    typealias SendPrepared =
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<UnsafePointer<CChar>?>?,
            UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
        ) -> Int32
    typealias GetResult = @convention(c) (OpaquePointer?) -> OpaquePointer?
    typealias ResultInt = @convention(c) (OpaquePointer?) -> Int32
    typealias ResultText = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    typealias ResultField = @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
    typealias ResultValue = @convention(c) (OpaquePointer?, Int32, Int32) -> UnsafeMutablePointer<CChar>?
    typealias ResultCell = @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    typealias ResultVoid = @convention(c) (OpaquePointer?) -> Void
    typealias Notifies = @convention(c) (OpaquePointer?) -> UnsafeMutableRawPointer?
    typealias FreeMemory = @convention(c) (UnsafeMutableRawPointer?) -> Void

    let connectdb: Connect
    let status: ConnectionInt
    let errorMessage: ConnectionText
    let finish: ConnectionVoid
    let reset: ConnectionVoid
    let execParams: ExecParams
    /// A named statement parsed once per connection (`PQprepare`), run with `PQexecPrepared`.
    let prepare: Prepare
    let execPrepared: ExecPrepared
    let sendQueryPrepared: SendPrepared
    let isBusy: ConnectionInt
    let getResult: GetResult
    let resultStatus: ResultInt
    let resultErrorMessage: ResultText
    let resultErrorField: ResultField
    let ntuples: ResultInt
    let nfields: ResultInt
    let getvalue: ResultValue
    let getlength: ResultCell
    let getisnull: ResultCell
    let cmdTuples: ResultText
    let clear: ResultVoid
    /// `LISTEN`'s side: the connection's socket, reading what arrived, the notifications read.
    let socket: ConnectionInt
    let consumeInput: ConnectionInt
    let notifies: Notifies
    let freemem: FreeMemory

    /// The library's path, as it was found.
    package let path: String

    /// `RESTLITE_LIBPQ` when set, else the usual places of each platform.
    package static func candidates(environment: String? = environmentPath()) -> [String] {
        if let environment, !environment.isEmpty { return [environment] }
        guard OperatingSystem.current == .macOS else { return ["libpq.so.5", "libpq.so"] }
        return [
            "libpq.5.dylib", "/opt/homebrew/opt/libpq/lib/libpq.5.dylib",
            "/usr/local/opt/libpq/lib/libpq.5.dylib",
            "/Applications/Postgres.app/Contents/Versions/latest/lib/libpq.5.dylib",
        ]
    }

    package static func environmentPath() -> String? {
        CurrentProcess.environment("RESTLITE_LIBPQ")
    }

    /// Loads libpq from the first candidate that opens and has every function restlite calls.
    package static func load(candidates: [String] = candidates()) throws(LibPQError) -> LibPQ {
        let library: DynamicLibrary
        do {
            library = try DynamicLibrary(candidates: candidates)
        } catch {
            throw LibPQError(detail: error.description)
        }
        func function<T>(_ name: String, as type: T.Type) throws(LibPQError) -> T {
            guard let address = library.symbol(name) else {
                throw LibPQError(
                    detail: "\(library.path) has no function \(name); it is not libpq 10 or later")
            }
            return unsafeBitCast(address, to: type)
        }
        return LibPQ(
            connectdb: try function("PQconnectdb", as: Connect.self),
            status: try function("PQstatus", as: ConnectionInt.self),
            errorMessage: try function("PQerrorMessage", as: ConnectionText.self),
            finish: try function("PQfinish", as: ConnectionVoid.self),
            reset: try function("PQreset", as: ConnectionVoid.self),
            execParams: try function("PQexecParams", as: ExecParams.self),
            prepare: try function("PQprepare", as: Prepare.self),
            execPrepared: try function("PQexecPrepared", as: ExecPrepared.self),
            sendQueryPrepared: try function("PQsendQueryPrepared", as: SendPrepared.self),
            isBusy: try function("PQisBusy", as: ConnectionInt.self),
            getResult: try function("PQgetResult", as: GetResult.self),
            resultStatus: try function("PQresultStatus", as: ResultInt.self),
            resultErrorMessage: try function("PQresultErrorMessage", as: ResultText.self),
            resultErrorField: try function("PQresultErrorField", as: ResultField.self),
            ntuples: try function("PQntuples", as: ResultInt.self),
            nfields: try function("PQnfields", as: ResultInt.self),
            getvalue: try function("PQgetvalue", as: ResultValue.self),
            getlength: try function("PQgetlength", as: ResultCell.self),
            getisnull: try function("PQgetisnull", as: ResultCell.self),
            cmdTuples: try function("PQcmdTuples", as: ResultText.self),
            clear: try function("PQclear", as: ResultVoid.self),
            socket: try function("PQsocket", as: ConnectionInt.self),
            consumeInput: try function("PQconsumeInput", as: ConnectionInt.self),
            notifies: try function("PQnotifies", as: Notifies.self),
            freemem: try function("PQfreemem", as: FreeMemory.self),
            path: library.path)
    }

    private static let loaded = LoadOnce()

    /// The process's libpq, loaded at the first call (from `candidates()`); later calls give
    /// the same library or the same error.
    package static func shared() throws(LibPQError) -> LibPQ {
        try loaded.value()
    }
}

/// `LibPQ.shared()`'s one load. `@unchecked Sendable`: `result` is only touched under `lock`.
private final class LoadOnce: @unchecked Sendable {
    private let lock = PosixCondition()
    private var result: Result<LibPQ, LibPQError>?

    func value() throws(LibPQError) -> LibPQ {
        let outcome = lock.withLock {
            if let result { return result }
            let loaded: Result<LibPQ, LibPQError>
            do throws(LibPQError) {
                loaded = .success(try LibPQ.load())
            } catch {
                loaded = .failure(error)
            }
            self.result = loaded
            return loaded
        }
        return try outcome.get()
    }
}

/// libpq could not be loaded: which package provides it, and what the loader said.
package struct LibPQError: Error, Sendable, CustomStringConvertible {
    package let detail: String

    package var description: String {
        let install =
            OperatingSystem.current == .macOS
            ? "brew install libpq (or Postgres.app)"
            : "apt install libpq5 (Debian, Ubuntu) or your system's libpq package"
        return "A postgres:// database needs PostgreSQL's client library, libpq, which was not found: "
            + "\(install), or set RESTLITE_LIBPQ to its path. (\(detail))"
    }
}
