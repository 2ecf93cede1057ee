import PostgresStore
import SocketHTTP
import Testing

@testable import RestDBAPI
@testable import ServerAssembly

/// `--max-upload-parts`, `--max-subscribers`, `--max-subscribers-per-key` and
/// `--realtime-queue-budget`: defaults, flags over variables, refusals that name the flag.
@Suite struct ServeCapsTests {
    @Test func theCapsHaveDocumentedDefaults() throws {
        let defaults = try ServeConfiguration.resolve(ServeOverrides(), environment: [:])
        #expect(defaults.maxUploadParts == 100)
        #expect(defaults.realtimeSettings.maxSubscribers == 1000)
        #expect(defaults.realtimeSettings.maxSubscribersPerKey == 200)
        #expect(defaults.realtimeSettings.totalQueueBytes == 64 << 20)
    }

    /// `--database-connections`: 8 by default, from its variable or its flag, into the
    /// PostgreSQL engine's options; 0 and more than 1000 refused by name.
    @Test func theDatabaseConnectionsReachThePostgresOptions() throws {
        let defaults = try ServeConfiguration.resolve(ServeOverrides(), environment: [:])
        #expect(StoreOpening.postgresOptions(defaults).maximumConnections == 8)
        let environment = ["RESTLITE_DATABASE_CONNECTIONS": "20"]
        let fromEnvironment = try ServeConfiguration.resolve(ServeOverrides(), environment: environment)
        #expect(StoreOpening.postgresOptions(fromEnvironment).maximumConnections == 20)
        var flags = ServeOverrides()
        flags.databaseConnections = "2"
        let fromFlag = try ServeConfiguration.resolve(flags, environment: environment)
        #expect(StoreOpening.postgresOptions(fromFlag).maximumConnections == 2)
        // One more HTTP worker per connection on PostgreSQL; SQLite keeps the default.
        var onPostgres = fromFlag
        onPostgres.databaseURL = "postgres://restlite@127.0.0.1:5432/cats"
        #expect(onPostgres.httpConfiguration.workerThreads == fromFlag.httpConfiguration.workerThreads + 2)
        #expect(defaults.httpConfiguration.workerThreads == HTTPServerConfiguration().workerThreads)
        for text in ["0", "1001", "many"] {
            flags.databaseConnections = text
            #expect {
                _ = try ServeConfiguration.resolve(flags, environment: [:])
            } throws: { error in
                "\(error)".contains("--database-connections '\(text)'")
            }
        }
    }

    @Test func aFlagWinsOverItsVariable() throws {
        let environment = [
            "RESTLITE_MAX_UPLOAD_PARTS": "20", "RESTLITE_MAX_SUBSCRIBERS": "300",
            "RESTLITE_MAX_SUBSCRIBERS_PER_KEY": "30", "RESTLITE_REALTIME_QUEUE_BUDGET": "8MiB",
        ]
        let fromEnvironment = try ServeConfiguration.resolve(ServeOverrides(), environment: environment)
        #expect(fromEnvironment.maxUploadParts == 20)
        #expect(fromEnvironment.realtimeSettings.maxSubscribers == 300)
        #expect(fromEnvironment.realtimeSettings.maxSubscribersPerKey == 30)
        #expect(fromEnvironment.realtimeSettings.totalQueueBytes == 8 << 20)
        var flags = ServeOverrides()
        flags.maxUploadParts = "5"
        flags.maxSubscribers = "7"
        flags.maxSubscribersPerKey = "3"
        flags.realtimeQueueBudget = "1MiB"
        let fromFlags = try ServeConfiguration.resolve(flags, environment: environment)
        #expect(fromFlags.maxUploadParts == 5)
        #expect(fromFlags.realtimeSettings.maxSubscribers == 7)
        #expect(fromFlags.realtimeSettings.maxSubscribersPerKey == 3)
        #expect(fromFlags.realtimeSettings.totalQueueBytes == 1 << 20)
    }

    @Test(arguments: ["--max-upload-parts", "--max-subscribers", "--max-subscribers-per-key"])
    func aCountThatIsNotPositiveIsRefusedNamingItsFlag(flag: String) {
        for bad in ["0", "-1", "many"] {
            var flags = ServeOverrides()
            switch flag {
            case "--max-upload-parts": flags.maxUploadParts = bad
            case "--max-subscribers": flags.maxSubscribers = bad
            default: flags.maxSubscribersPerKey = bad
            }
            #expect {
                try ServeConfiguration.resolve(flags, environment: [:])
            } throws: { "\($0)".contains("\(flag) '\(bad)'") }
        }
    }
}
