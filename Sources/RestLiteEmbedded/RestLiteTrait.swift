#if canImport(Testing)
    import Testing

    /// A Swift Testing trait that runs each test it marks with its own restlite server, reached
    /// inside the test through `RestLite.current`.
    ///
    /// ```swift
    /// @Test(.restlite(seed: .builtIn)) func listsCats() async throws {
    ///     let server = try #require(RestLite.current)
    ///     // requests to server.baseURL with server.apiKey
    /// }
    /// ```
    public struct RestLiteTrait: TestTrait, TestScoping {
        public let seed: RestLite.Seed
        public let options: RestLite.Options

        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            try await RestLite.withServer(seed: seed, memory: options.memory, options: options) { _ in
                try await function()
            }
        }
    }

    extension Trait where Self == RestLiteTrait {
        /// A restlite server for this test, in memory by default (`RestLite.current`).
        public static func restlite(seed: RestLite.Seed = .builtIn, options: RestLite.Options = .init())
            -> Self
        {
            RestLiteTrait(seed: seed, options: options)
        }
    }
#endif
