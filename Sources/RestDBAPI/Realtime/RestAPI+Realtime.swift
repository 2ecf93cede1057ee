import DocumentJSON
import DocumentStore
import SocketHTTP

/// `GET /realtime` (the event stream) and `POST /realtime` (publish a message), and the events
/// the write routes emit. See docs/API.md, "Realtime events".
extension RestAPI {
    func addRealtimeRoutes(to router: inout Router) {
        router.get("/realtime") { request in try subscribe(request) }
        router.post("/realtime") { request in try publishMessage(request) }
    }

    /// Any known key may listen; a scoped key receives the writes of the collections it may
    /// GET (its scope on `/<collection>`), and every `publish` and `ping`.
    func subscribe(_ request: HTTPRequest) throws -> HTTPResponse {
        let caller = try realtimeCaller(request, method: "GET")
        let origin = request.headers["Origin"]
        let mayRead: @Sendable (String) -> Bool = { collection in
            caller.hasFullAccess
                || caller.decision(method: "GET", path: "/" + collection, origin: origin) == .allowed
        }
        let lastEventID = (request.headers["Last-Event-ID"] ?? request.queryValue("lastEventId"))
            .flatMap { Int64($0.trimmingASCIIWhitespace()) }
        let hub = realtime
        let relay = self.relay
        let headers: HTTPHeaders = [
            "Content-Type": "text/event-stream; charset=utf-8", "Cache-Control": "no-cache",
            "X-Accel-Buffering": "no",
        ]
        let slot: RealtimeSlot
        do {
            slot = try hub.admit(key: caller.key?.key ?? "")
        } catch {
            var response = RestError(.serviceUnavailable, error.message).httpResponse()
            response.headers.set("Retry-After", String(RealtimeHub.retryAfterSeconds))
            return response
        }
        return .stream(headers: headers, bufferLimit: hub.settings.queueBytes) { sink in
            sink.onClose { slot.giveBack() }
            // Tells EventSource how soon to reconnect; carries no event.
            sink.send(Array("retry: 2000\n\n".utf8))
            hub.subscribe(RealtimeSubscriber(sink: sink, lastEventID: lastEventID, mayRead: mayRead))
            // The head goes out when this returns: by then every other process on a shared
            // database sends this one its events (the first subscriber's registration, which
            // a later one may find under way, waits until they heard of it).
            relay?.subscribersChanged()
        }
    }

    /// `POST /realtime` with a JSON body: a full-access key, or a scoped key whose scope allows
    /// POST on `/realtime`. Every subscriber receives it as a `publish` event.
    func publishMessage(_ request: HTTPRequest) throws -> HTTPResponse {
        _ = try realtimeCaller(request, method: "POST")
        let message = try RequestBody.value(of: request, schema: nil)
        let data = Array(message.serialized().utf8)
        let id = realtime.publish(event: "publish", collection: nil, data: data)
        relay?.send(event: "publish", collection: nil, data: data)
        return .json(.ok, #"{"result":"published","id":\#(id)}"#)
    }

    /// 401 without a key, 403 for an unknown key; for POST, 403 unless the key may POST on
    /// `/realtime` (`KeyMiddleware` refuses the same from the head).
    private func realtimeCaller(_ request: HTTPRequest, method: String) throws -> Caller {
        let caller = keys.caller(of: request)
        if let refusal = KeyMiddleware.realtimeRefusal(
            caller, method: method, origin: request.headers["Origin"])
        {
            throw refusal
        }
        return caller
    }

    // MARK: events of the write routes

    /// `post`/`put` with `{"collection":..., "data": <document with system fields>}`.
    func emitDocument(_ event: String, _ collection: String, _ documentJSON: [UInt8]) {
        realtime.publishDocument(event: event, collection: collection, document: documentJSON)
        relay?.send(
            event: event, collection: collection, data: RealtimeHub.documentData(collection, documentJSON))
    }

    /// `delete` with `{"collection":..., "data": [ids]}`, one event per request.
    func emitDeleted(_ collection: String, _ ids: [String]) {
        Self.emitDeleted(collection, ids, to: realtime, relay: relay)
    }

    static func emitDeleted(
        _ collection: String, _ ids: [String], to realtime: RealtimeHub, relay: (any EventRelay)?
    ) {
        guard !ids.isEmpty else { return }
        let list = Array(JSONValue.array(ids.map(JSONValue.string)).serialized().utf8)
        realtime.publishDocument(event: "delete", collection: collection, document: list)
        relay?.send(event: "delete", collection: collection, data: RealtimeHub.documentData(collection, list))
    }
}
