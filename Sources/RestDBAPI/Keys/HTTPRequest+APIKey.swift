import SocketHTTP

extension HTTPRequest {
    /// The API key the request carries: `x-apikey`, `Authorization: Bearer`, or `?apikey=`.
    public var presentedAPIKey: String? { KeyMiddleware.presentedKey(self) }
}
