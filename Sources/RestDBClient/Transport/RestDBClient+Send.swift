import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension RestDBClient {
    /// Builds the `URLRequest`: key header, JSON accept, and `Content-Type: application/json`
    /// on every write (restdb's own clients always send it).
    func urlRequest(for endpoint: Endpoint) throws -> URLRequest {
        guard let url = endpoint.url(relativeTo: baseURL) else {
            throw RestDBError.invalidRequest("Cannot make a URL from \(baseURL) and \(endpoint.path).")
        }
        var request = URLRequest(url: url)
        request.httpMethod = endpoint.method
        request.setValue(apiKey, forHTTPHeaderField: "x-apikey")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if endpoint.method != "GET" {
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        }
        request.httpBody = endpoint.body
        return request
    }

    /// Sends the request; answers with the body of a 2xx, throws ``RestDBError`` otherwise.
    func send(_ endpoint: Endpoint) async throws -> Data {
        let request = try urlRequest(for: endpoint)
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await session.data(for: request)
        } catch {
            throw RestDBError.transport(error)
        }
        guard let http = response as? HTTPURLResponse else {
            throw RestDBError.transport(URLError(.badServerResponse))
        }
        guard (200..<300).contains(http.statusCode) else {
            throw RestDBError.server(ServerError(status: http.statusCode, body: data))
        }
        return data
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
