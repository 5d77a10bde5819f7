import Foundation
import Logging
import NIOCore
import NIOPosix
import PostgresKit
import SQLKit
import SQLiteKit

/// An open database: a pool of SQLite or PostgreSQL connections behind one SQLKit code path.
///
/// Open one with ``withOpened(_:logger:_:)``, which scopes the pool's lifetime: when the body
/// returns or throws, the connections are closed.
public final class Database: Sendable {
    public enum Dialect: String, Sendable { case sqlite, postgres }

    public let location: DatabaseLocation
    public let logger: Logger
    private let backend: Backend

    private enum Backend: Sendable {
        case sqlite(SQLitePool)
        case postgres(PostgresClient, express: PostgresClient, uses: ConnectionUseGuard)
    }

    /// How many connections PostgreSQL's express lane keeps (see ``Lane/express``).
    public static let expressConnections = 2

    /// Connections PostgreSQL's shared pool opens at once and keeps while the node runs; more are
    /// opened on demand and closed after a minute unused.
    public static let standingConnections = 4

    /// Session settings of the express lane's connections. Its statements are prepared, and a
    /// prepared statement's generic plan is kept for the connection's life, made on the statistics
    /// of its first runs. A node that starts with few games would plan its move appends as
    /// sequential scans of `games` and keep scanning every game on every batch as the table grows.
    /// The lane only runs short statements that look rows up by key, so a sequential scan there is
    /// never the plan wanted.
    static let expressSettings = [("enable_seqscan", "off")]

    /// One SQLite connection with a thread of its own.
    ///
    /// SQLite runs one writer at a time anyway; a single connection queues this process's statements
    /// in the pool instead of in SQLite's lock. The own thread matters: SQLite blocks the calling
    /// thread while it waits for a lock held by another connection (another process or `Database`),
    /// and on NIO's shared pool those waiters could occupy every thread the lock holder needs to commit.
    ///
    /// AsyncKit's pool guards its state with a lock and hops to each connection's event loop, so it is
    /// safe to share; it only predates `Sendable` annotations.
    fileprivate struct SQLitePool: @unchecked Sendable {
        let pool: EventLoopGroupConnectionPool<SQLiteSource>
        let thread: NIOThreadPool

        func shutdown() async {
            try? await pool.shutdownAsync()
            try? await thread.shutdownGracefully()
        }
    }

    /// The PostgreSQL client behind this database, nil on SQLite (for LISTEN/NOTIFY).
    var postgresClient: PostgresClient? {
        if case .postgres(let client, _, _) = backend { client } else { nil }
    }

    /// The PostgreSQL client of `lane`, nil on SQLite.
    func postgresClient(_ lane: Lane) -> PostgresClient? {
        guard case .postgres(let shared, let express, _) = backend else { return nil }
        return lane.pick(shared: shared, express: express)
    }

    /// What answers a PostgreSQL connection's use that its closing left waiting; nil on SQLite.
    var connectionUses: ConnectionUseGuard? {
        if case .postgres(_, _, let uses) = backend { uses } else { nil }
    }

    public var dialect: Dialect {
        switch backend {
        case .sqlite: .sqlite
        case .postgres: .postgres
        }
    }

    private init(location: DatabaseLocation, logger: Logger, backend: Backend) {
        self.location = location
        self.logger = logger
        self.backend = backend
    }

    /// Opens the database at `location`, checks that it answers, runs `body`, then closes it.
    ///
    /// Throws ``DatabaseError/unreachable(_:reason:)`` when the server refuses or does not answer within
    /// `connectTimeout`, and ``DatabaseError/dataDirectoryNotWritable(_:reason:)`` when an SQLite file
    /// cannot be created.
    public static func withOpened<Result: Sendable>(
        _ location: DatabaseLocation,
        logger: Logger,
        connectTimeout: Duration = .seconds(10),
        _ body: (Database) async throws -> Result
    ) async throws -> Result {
        switch location {
        case .sqlite(let path):
            let pool = try openSQLitePool(path: path, logger: logger)
            let database = Database(location: location, logger: logger, backend: .sqlite(pool))
            do {
                try await database.prepareSQLite(path: path)
                let result = try await body(database)
                await pool.shutdown()
                return result
            } catch {
                await pool.shutdown()
                throw error
            }
        case .postgres(let target):
            // The pool retries a refused connection forever; one direct attempt reports why at once.
            try await target.probe(timeout: connectTimeout, logger: logger)
            var poolLogger = logger
            poolLogger.logLevel = max(logger.logLevel, .warning)
            let client = PostgresClient(configuration: target.clientConfiguration(connectTimeout: connectTimeout), backgroundLogger: poolLogger)
            let express = PostgresClient(
                configuration: target.clientConfiguration(connectTimeout: connectTimeout, connections: expressConnections, settings: expressSettings),
                backgroundLogger: poolLogger)
            let uses = ConnectionUseGuard(location: location.description, logger: logger)
            let database = Database(location: location, logger: logger, backend: .postgres(client, express: express, uses: uses))
            return try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { await client.run() }
                group.addTask { await express.run() }
                group.addTask { await uses.watch() }
                defer { group.cancelAll() }
                try await database.ping(timeout: connectTimeout)
                return try await body(database)
            }
        }
    }

    /// Runs `body` with one connection held for its whole duration.
    ///
    /// Use only the `SQLDatabase` passed in: calling this `Database` again from inside `body` waits
    /// for a second connection, and SQLite has only one, so the call fails after the pool's timeout.
    /// `lane` picks PostgreSQL's pool (SQLite has one connection for everything).
    public func withConnection<Result: Sendable>(
        lane: Lane = .shared, _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
    ) async throws -> Result {
        switch backend {
        case .sqlite(let box):
            return try await box.pool.withConnection(logger: logger) { connection in
                connection.eventLoop.makeFutureWithTask { try await body(connection.sql()) }
            }.get()
        case .postgres(let shared, let express, let uses):
            return try await lane.pick(shared: shared, express: express).withConnection { connection in
                try await uses.run(on: connection) { try await body(connection.sql()) }
            }
        }
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    ///
    /// On SQLite the transaction takes the write lock at once (`BEGIN IMMEDIATE`), so two writers
    /// queue instead of failing on a lock upgrade.
    public func transaction<Result: Sendable>(
        _ body: @escaping @Sendable (any SQLDatabase) async throws -> Result
    ) async throws -> Result {
        let begin: SQLQueryString = dialect == .sqlite ? "BEGIN IMMEDIATE" : "BEGIN"
        return try await withConnection { sql in
            try await sql.raw(begin).run()
            do {
                let result = try await body(sql)
                try await sql.raw("COMMIT").run()
                return result
            } catch {
                try? await sql.raw("ROLLBACK").run()
                throw error
            }
        }
    }

    /// Succeeds when the database answers a trivial query within `timeout`.
    public func ping(timeout: Duration = .seconds(5)) async throws {
        do {
            try await withTimeout(timeout) {
                try await self.withConnection { sql in try await sql.raw("SELECT 1").run() }
            }
        } catch {
            throw DatabaseError.unreachable(location.description, reason: Self.describe(error))
        }
    }

    /// A short, human description of a driver error (PostgresNIO's own descriptions hide details).
    static func describe(_ error: any Error) -> String {
        if let psql = error as? PSQLError {
            if let message = psql.serverInfo?[.message] { return message }
            if let underlying = psql.underlying {
                let text = String(describing: underlying)
                if text.contains("Connection refused") { return "connection refused" }
                return text
            }
            return "\(psql.code)"
        }
        if let io = error as? IOError { return io.description }
        if let sqlite = error as? SQLiteError { return sqlite.message }
        return String(describing: error)
    }
}

extension Database {
    fileprivate static func openSQLitePool(path: String, logger: Logger) throws -> SQLitePool {
        try DataDirectory.prepare(URL(fileURLWithPath: path).deletingLastPathComponent().path)
        let thread = NIOThreadPool(numberOfThreads: 1)
        thread.start()
        let source = SQLiteSource(
            base: SQLiteConnectionSource(configuration: .init(storage: .file(path: path), enableForeignKeys: true), threadPool: thread)
        )
        // One event loop with one connection: a single connection in all.
        let pool = EventLoopGroupConnectionPool(
            source: source, maxConnectionsPerEventLoop: 1, logger: logger, on: MultiThreadedEventLoopGroup.singleton.next()
        )
        return SQLitePool(pool: pool, thread: thread)
    }

    /// WAL lets readers proceed while one writer commits; it is a property of the file, set once.
    ///
    /// Switching the mode needs the file to itself, and SQLite answers "database is locked" at once,
    /// without its busy handler, while another process holds it (several nodes starting on one new
    /// file, one of them already migrating): that is waited out, for up to ten seconds.
    fileprivate func prepareSQLite(path: String) async throws {
        var pause = Duration.milliseconds(10)
        let deadline = ContinuousClock.now + .seconds(10)
        while true {
            do {
                try await withConnection { sql in try await sql.raw("PRAGMA journal_mode = WAL").run() }
                return
            } catch let error as SQLiteError where [.busy, .locked].contains(error.reason) && ContinuousClock.now < deadline {
                try await Task.sleep(for: pause)
                pause = min(pause * 2, .milliseconds(500))
            } catch {
                let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
                throw DatabaseError.dataDirectoryNotWritable(directory, reason: "cannot open \(path): \(Self.describe(error))")
            }
        }
    }
}

extension DatabaseLocation.PostgresTarget {
    /// The pool's configuration; `connections`, when given, is its most connections, and `settings`
    /// are run-time parameters every connection of the pool starts with.
    func clientConfiguration(connectTimeout: Duration, connections: Int? = nil, settings: [(String, String)] = []) -> PostgresClient.Configuration {
        let tls: PostgresClient.Configuration.TLS =
            switch tlsMode {
            case .disable: .disable
            case .prefer: .prefer(.makeClientConfiguration())
            case .require: .require(.makeClientConfiguration())
            }
        var configuration = PostgresClient.Configuration(host: host, port: port, username: username, password: password, database: database, tls: tls)
        configuration.options.connectTimeout = connectTimeout
        if let connections { configuration.options.maximumConnections = connections }
        // The pool arms a timer for every connection it gets back, a keep-alive one and, above the
        // standing connections, an idle one; on Linux each is a Dispatch timer, a task and its
        // cancellation, for every statement or transaction, several times per move. So a few
        // connections stand (the express lane's all), which need no idle timer, and no keep-alive
        // query runs: a connection that PostgreSQL or the network closes leaves the pool when its
        // socket closes, and a statement that fails on a dead path fails as any other database
        // error does.
        configuration.options.keepAliveBehavior = nil
        configuration.options.minimumConnections = min(configuration.options.maximumConnections, Database.standingConnections)
        configuration.options.additionalStartupParameters = settings
        return configuration
    }
}
