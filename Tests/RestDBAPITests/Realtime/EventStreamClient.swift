import Foundation
import PlatformSupport

/// One Server-Sent Event as a test reads it.
struct ServerSentEvent: Equatable {
    var id: Int64?
    var name: String
    var data: String

    /// `data` parsed as JSON.
    func json() throws -> Any {
        try JSONSerialization.jsonObject(with: Data(data.utf8), options: [.fragmentsAllowed])
    }
}

/// A blocking `GET /realtime` client for tests: reads the head, then one event at a time,
/// each read bounded by `timeout`.
final class EventStreamClient {
    let socket: TCPSocket
    private(set) var status = 0
    private(set) var head = ""
    private var buffer: [UInt8] = []

    init(port: Int, target: String, headers: [String: String] = [:], timeout: Duration = .seconds(5)) throws {
        socket = try TCPSocket(host: "127.0.0.1", port: port, timeout: timeout)
        var request = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        try socket.send(Array((request + "\r\n").utf8))
        let end = try readUntil([13, 10, 13, 10])
        head = String(decoding: buffer[..<end], as: UTF8.self)
        buffer.removeFirst(end + 4)
        status = Int(head.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    deinit { socket.close() }

    func header(_ name: String) -> String? {
        for line in head.split(separator: "\r\n").dropFirst() {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == name.lowercased() {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// The next event that has an `event:` field (blocks like `retry:` alone are skipped).
    func next() throws -> ServerSentEvent {
        while true {
            let end = try readUntil([10, 10])
            let block = String(decoding: buffer[..<end], as: UTF8.self)
            buffer.removeFirst(end + 2)
            var event = ServerSentEvent(id: nil, name: "", data: "")
            for line in block.split(separator: "\n") {
                if line.hasPrefix("id: ") { event.id = Int64(line.dropFirst(4)) }
                if line.hasPrefix("event: ") { event.name = String(line.dropFirst(7)) }
                if line.hasPrefix("data: ") { event.data = String(line.dropFirst(6)) }
            }
            if !event.name.isEmpty { return event }
        }
    }

    /// The next event that is not a `ping`.
    func nextSkippingPings() throws -> ServerSentEvent {
        while true {
            let event = try next()
            if event.name != "ping" { return event }
        }
    }

    /// True when the server closes the stream within the socket's timeout.
    func waitForClose() -> Bool {
        do {
            while try socket.receive(into: &buffer) { buffer.removeAll(keepingCapacity: true) }
            return true
        } catch {
            return false
        }
    }

    private func readUntil(_ marker: [UInt8]) throws -> Int {
        var searchFrom = 0
        while true {
            if buffer.count >= marker.count {
                for index in searchFrom...(buffer.count - marker.count)
                where buffer[index..<(index + marker.count)].elementsEqual(marker) {
                    return index
                }
                searchFrom = buffer.count - marker.count + 1
            }
            guard try socket.receive(into: &buffer) else {
                throw TCPSocket.Failure.receive(errno: ECONNRESET)
            }
        }
    }
}
