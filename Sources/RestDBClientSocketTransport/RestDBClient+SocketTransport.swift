#if !canImport(Darwin)
    import RestDBClient

    #if canImport(FoundationEssentials)
        import FoundationEssentials
    #else
        import Foundation
    #endif

    extension RestDBClient {
        /// Makes a client for the server at `baseURL` (no `/rest` suffix) using `apiKey`: Linux's
        /// spelling of the Apple platforms' `init(baseURL:apiKey:session:)` with its default
        /// session, so the same call builds on both.
        ///
        /// On Linux requests go over ``SocketTransport``, a small HTTP/1.1 client on POSIX
        /// sockets, not `URLSession`: plain `http://` URLs only (a restlite server); an
        /// `https://` URL makes every request throw ``RestDBError/invalidRequest(_:)``. Each
        /// connect, send and read gives up after 60 seconds.
        ///
        /// ```swift
        /// import RestDBClient
        /// import RestDBClientSocketTransport  // Linux only
        ///
        /// let local = RestDBClient(baseURL: URL(string: "http://127.0.0.1:8080")!, apiKey: key)
        /// ```
        public init(baseURL: URL, apiKey: String) {
            self.init(baseURL: baseURL, apiKey: apiKey, transport: SocketTransport())
        }
    }
#endif
