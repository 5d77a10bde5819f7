import Foundation

/// Where Parlor keeps its data: an embedded SQLite file or a PostgreSQL server.
///
/// Parsed from `--database-url` / `PARLOR_DATABASE_URL`: `postgres://user:pass@host:5432/db`
/// (or `postgresql://`), `sqlite:///absolute/path.sqlite`, `sqlite:relative/path.sqlite`.
public enum DatabaseLocation: Sendable, Equatable, CustomStringConvertible {
    case sqlite(path: String)
    case postgres(PostgresTarget)

    public struct PostgresTarget: Sendable, Equatable {
        public var host: String
        public var port: Int
        public var username: String
        public var password: String?
        public var database: String
        /// `sslmode` from the URL's query: `disable`, `prefer` (default) or `require`.
        public var tlsMode: TLSMode

        public enum TLSMode: String, Sendable {
            case disable, prefer, require
        }
    }

    public static let defaultSQLiteFileName = "parlor.sqlite"

    /// The SQLite file inside a data directory: what `parlor serve` uses when no URL is given.
    public static func embedded(inDataDirectory directory: String) -> DatabaseLocation {
        .sqlite(path: URL(fileURLWithPath: directory).appendingPathComponent(defaultSQLiteFileName).path)
    }

    public init(url string: String) throws(DatabaseError) {
        let trimmed = string.trimmingCharacters(in: .whitespaces)
        guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased() else {
            throw .invalidURL(string, reason: "expected postgres://user:pass@host:port/database or sqlite:path")
        }
        switch scheme {
        case "postgres", "postgresql":
            self = .postgres(try PostgresTarget(components, original: string))
        case "sqlite":
            // sqlite:///abs/path → path "/abs/path"; sqlite:rel/path → path "rel/path"
            let path = components.percentEncodedPath.removingPercentEncoding ?? components.percentEncodedPath
            guard !path.isEmpty, components.host?.isEmpty ?? true else {
                throw .invalidURL(string, reason: "expected sqlite:///absolute/path or sqlite:relative/path")
            }
            self = .sqlite(path: path)
        default:
            throw .invalidURL(string, reason: "unsupported scheme '\(scheme)'; use postgres:// or sqlite:")
        }
    }

    /// A description safe for logs: never includes the password.
    public var description: String {
        switch self {
        case .sqlite(let path): "sqlite:\(path)"
        case .postgres(let target): "postgres://\(target.username)@\(target.host):\(target.port)/\(target.database)"
        }
    }
}

extension DatabaseLocation.PostgresTarget {
    init(_ components: URLComponents, original: String) throws(DatabaseError) {
        guard let host = components.host, !host.isEmpty else {
            throw .invalidURL(original, reason: "missing host")
        }
        guard let user = components.user, !user.isEmpty else {
            throw .invalidURL(original, reason: "missing user name")
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else {
            throw .invalidURL(original, reason: "missing database name (postgres://user@host:5432/DATABASE)")
        }
        var tlsMode = TLSMode.prefer
        if let sslmode = components.queryItems?.first(where: { $0.name == "sslmode" })?.value {
            guard let mode = TLSMode(rawValue: sslmode) else {
                throw .invalidURL(original, reason: "sslmode must be disable, prefer or require")
            }
            tlsMode = mode
        }
        self.init(
            host: host,
            port: components.port ?? 5432,
            username: user.removingPercentEncoding ?? user,
            password: components.password?.removingPercentEncoding,
            database: database,
            tlsMode: tlsMode
        )
    }
}
