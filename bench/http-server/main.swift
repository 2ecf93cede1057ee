// A fixed-route server for bench/http/run.sh: GET /bench answers a 200-byte JSON body.
// Usage: restlite-bench-http [port] [workers] [--access-log]
import Foundation
import SocketHTTP

let arguments = CommandLine.arguments
let port = arguments.count > 1 ? Int(arguments[1]) ?? 0 : 0
let workers = arguments.count > 2 ? Int(arguments[2]) : nil
let body: [UInt8] = {
    let prefix = #"{"name":"restlite","kind":"benchmark","padding":""#
    let suffix = #""}"#
    let padding = String(repeating: "x", count: 200 - prefix.utf8.count - suffix.utf8.count)
    return Array((prefix + padding + suffix).utf8)
}()

var router = Router()
router.get("/bench") { _ in .json(.ok, body) }
let configuration = HTTPServerConfiguration(
    port: port, workerThreads: workers, accessLog: arguments.contains("--access-log"))
let server = HTTPServer(configuration: configuration, responder: router.freeze())
do {
    let bound = try server.start()
    server.installSignalHandlers(grace: .seconds(2))
    FileHandle.standardOutput.write(Data("listening \(bound)\n".utf8))
} catch {
    FileHandle.standardError.write(Data("restlite-bench-http: \(error)\n".utf8))
    exit(1)
}
server.waitUntilStopped()
