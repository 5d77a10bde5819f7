import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import ParlorHTTP
import ParlorServer
import ParlorTestSupport
import ServerTestSupport
import ServiceLifecycle
import Testing
import TestSupport

@Suite struct GracefulShutdownTests {
    /// Shutdown waits for a request already being handled, answers it, then stops.
    @Test(.timeLimit(.minutes(3))) func inFlightRequestCompletesDuringShutdown() async throws {
        try await TestDatabaseKind.sqlite.withDatabase(migrated: true) { database in
            let gate = Gate()
            let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
            let app = try await ParlorApplication.build(
                configuration: ServerConfiguration(port: 0),
                database: database,
                services: .forTests(),
                logger: .quiet,
                onServerRunning: { address in portSink.yield(address?.port ?? 0) },
                additionalRoutes: { routes in
                    routes.on("/test/slow", method: .get) { _, _ in
                        await gate.arriveAndWait()
                        return Response(status: .ok, body: .init(byteBuffer: ByteBuffer(string: "finished")))
                    }
                }
            )
            let serviceGroup = ServiceGroup(configuration: .init(services: [app], logger: .quiet))
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try await serviceGroup.run() }
                var iterator = ports.makeAsyncIterator()
                let port = try #require(await iterator.next())

                let client = TestClient(host: "127.0.0.1", port: port)
                client.connect()
                async let response = client.execute(TestClient.Request("/test/slow", method: .get, authority: "127.0.0.1"))
                await gate.waitForArrival()

                await serviceGroup.triggerGracefulShutdown()
                try await Task.sleep(for: .milliseconds(100))
                await gate.release()

                let answered = try await response
                #expect(answered.status == .ok)
                #expect(String(buffer: answered.body ?? ByteBuffer()) == "finished")
                try await client.shutdown()
                // The server stops by itself once the request is done.
                try await tasks.next()
            }
        }
    }
}

extension GracefulShutdownTests {
    /// While a stop waits, its progress names what it waits for: the request in flight first,
    /// then the services still to stop, in the order they stop.
    @Test(.timeLimit(.minutes(3))) func aStopsProgressNamesTheRequestItWaitsForAndTheServicesBehindIt() async throws {
        try await TestDatabaseKind.sqlite.withDatabase(migrated: true) { database in
            let gate = Gate()
            let progress = ShutdownProgress()
            let (ports, portSink) = AsyncStream.makeStream(of: Int.self)
            let app = try await ParlorApplication.build(
                configuration: ServerConfiguration(port: 0), database: database, services: .forTests(), logger: .quiet,
                onServerRunning: { address in portSink.yield(address?.port ?? 0) },
                additionalRoutes: { routes in
                    routes.on("/test/slow/1234", method: .get) { _, _ in
                        await gate.arriveAndWait()
                        return Response(status: .ok)
                    }
                },
                shutdown: progress
            )
            let serviceGroup = ServiceGroup(configuration: .init(services: [app], logger: .quiet))
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask { try await serviceGroup.run() }
                var iterator = ports.makeAsyncIterator()
                let port = try #require(await iterator.next())
                let client = TestClient(host: "127.0.0.1", port: port)
                client.connect()
                async let response = client.execute(TestClient.Request("/test/slow/1234", method: .get, authority: "127.0.0.1"))
                await gate.waitForArrival()

                progress.stopRequested()
                await serviceGroup.triggerGracefulShutdown()
                let report = progress.report()
                #expect(report.hasPrefix("the HTTP server (1 request in flight: GET /test/… for "), "\(report)")
                #expect(report.contains(" s, request id "), "\(report)")
                #expect(
                    report.hasSuffix(
                        "; then: console metrics, push sender, draft timers, waiting game expiry, live game cache, turn timers, real-time hub (0 sockets open, 0 socket tasks running), node presence, password reset mailer, accounts housekeeping"
                    ),
                    "\(report)")
                #expect(!report.contains("1234"), "a path is cut to its first segment")

                await gate.release()
                #expect(try await response.status == .ok)
                try await client.shutdown()
                try await tasks.next()
                #expect(progress.report() == "nothing: every service has stopped")
                progress.closingDatabase()
                #expect(progress.report().hasPrefix("closing the database"))
            }
        }
    }
}

/// Holds a handler until the test lets it go.
actor Gate {
    private var arrived = false
    private var arrivalWaiters: [CheckedContinuation<Void, Never>] = []
    private var releaseWaiters: [CheckedContinuation<Void, Never>] = []
    private var released = false

    func arriveAndWait() async {
        arrived = true
        arrivalWaiters.forEach { $0.resume() }
        arrivalWaiters = []
        if released { return }
        await withCheckedContinuation { releaseWaiters.append($0) }
    }

    func waitForArrival() async {
        if arrived { return }
        await withCheckedContinuation { arrivalWaiters.append($0) }
    }

    func release() {
        released = true
        releaseWaiters.forEach { $0.resume() }
        releaseWaiters = []
    }
}
