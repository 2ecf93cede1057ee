#if canImport(Darwin)
    import Foundation

    /// The Apple platforms' transport: the client's `URLSession`, exactly as before the seam.
    struct URLSessionTransport: RestDBTransport {
        let session: URLSession

        func send(_ request: TransportRequest) async throws -> TransportResponse {
            var urlRequest = URLRequest(url: request.url)
            urlRequest.httpMethod = request.method
            for header in request.headers {
                urlRequest.setValue(header.value, forHTTPHeaderField: header.name)
            }
            urlRequest.httpBody = request.body
            let (data, response) = try await session.data(for: urlRequest)
            guard let http = response as? HTTPURLResponse else { throw URLError(.badServerResponse) }
            let headers = http.allHeaderFields.compactMap { name, value in
                (name as? String).map { (name: $0, value: "\(value)") }
            }
            return TransportResponse(status: http.statusCode, headers: headers, body: data)
        }
    }
#endif
