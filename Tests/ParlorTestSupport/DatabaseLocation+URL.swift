import Foundation
import ParlorDatabase

extension DatabaseLocation {
    /// The location as a `--database-url` value, password included (tests only).
    public var urlString: String {
        switch self {
        case .sqlite(let path):
            return "sqlite:\(path)"
        case .postgres(let target):
            var components = URLComponents()
            components.scheme = "postgres"
            components.user = target.username
            components.password = target.password
            components.host = target.host
            components.port = target.port
            components.path = "/" + target.database
            components.queryItems = [URLQueryItem(name: "sslmode", value: target.tlsMode.rawValue)]
            return components.string ?? ""
        }
    }
}
