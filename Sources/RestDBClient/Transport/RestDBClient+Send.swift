#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension RestDBClient {
    /// Builds the request: key header, JSON accept, and `Content-Type: application/json` on
    /// every write (restdb's own clients always send it).
    func transportRequest(for endpoint: Endpoint) throws -> TransportRequest {
        guard let url = endpoint.url(relativeTo: baseURL) else {
            throw RestDBError.invalidRequest("Cannot make a URL from \(baseURL) and \(endpoint.path).")
        }
        var headers = [(name: "x-apikey", value: apiKey), (name: "Accept", value: "application/json")]
        if endpoint.method != "GET" {
            headers.append((name: "Content-Type", value: "application/json"))
        }
        return TransportRequest(method: endpoint.method, url: url, headers: headers, body: endpoint.body)
    }

    /// Sends the request; answers with the body of a 2xx, throws ``RestDBError`` otherwise.
    func send(_ endpoint: Endpoint) async throws -> Data {
        let request = try transportRequest(for: endpoint)
        let response: TransportResponse
        do {
            response = try await transport.send(request)
        } catch let error as RestDBError {
            throw error
        } catch {
            throw RestDBError.transport(error)
        }
        guard (200..<300).contains(response.status) else {
            throw RestDBError.server(ServerError(status: response.status, body: response.body))
        }
        return response.body
    }

    func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        do {
            return try JSONDecoder.restDB.decode(type, from: data)
        } catch {
            throw RestDBError.decoding(error, body: data)
        }
    }

    func encode(_ value: some Encodable) throws -> Data {
        do {
            return try JSONEncoder.restDB.encode(value)
        } catch {
            throw RestDBError.encoding(error)
        }
    }
}

extension RestDBClient {
    /// Sends one request to `path` (already percent-encoded, under `baseURL`) and answers the
    /// body of a 2xx; for tools that speak restlite's own routes (`restlite export` through a
    /// running server), not for apps.
    package func sendRaw(
        method: String, path: String, query: [(name: String, value: String)] = [], body: Data? = nil
    ) async throws -> Data {
        try await send(Endpoint(method: method, path: path, query: query, body: body))
    }
}
