import Foundation

/// The optional JSON config file (`--config FILE` or `PARLOR_CONFIG`): an object whose keys are
/// setting names, e.g. `{"port": 9000, "database_url": "postgres://…", "log_format": "json"}`.
///
/// Unknown keys and values of the wrong type are refused, so that a typo cannot silently fall back
/// to a default.
struct ConfigFile: Sendable {
    var strings: [Setting: String] = [:]
    var integers: [Setting: Int] = [:]

    static let none = ConfigFile()

    static func load(_ path: String) throws(CommandFailure) -> ConfigFile {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw CommandFailure(.noInput, "cannot read config file '\(path)': \(Self.reason(error))")
        }
        guard let entries = try? JSONDecoder().decode([String: Value].self, from: data) else {
            throw CommandFailure(.usage, "config file '\(path)' is not a JSON object of strings and integers")
        }
        var file = ConfigFile()
        for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
            guard let setting = Setting(rawValue: key) else {
                let known = Setting.allCases.map(\.rawValue).joined(separator: ", ")
                throw CommandFailure(.usage, "config file '\(path)': unknown setting '\(key)'; known settings are \(known)")
            }
            switch (value, setting.isInteger) {
            case (.integer(let integer), true): file.integers[setting] = integer
            case (.string(let string), false): file.strings[setting] = string
            case (_, true): throw CommandFailure(.usage, "config file '\(path)': '\(key)' must be an integer")
            case (_, false): throw CommandFailure(.usage, "config file '\(path)': '\(key)' must be a string")
            }
        }
        return file
    }

    /// A JSON value as the file may hold it.
    enum Value: Decodable {
        case integer(Int)
        case string(String)
        case other

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let integer = try? container.decode(Int.self) {
                self = .integer(integer)
            } else if let string = try? container.decode(String.self) {
                self = .string(string)
            } else {
                self = .other
            }
        }
    }

    private static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(underlying.code))) }
        return (error as NSError).localizedDescription
    }
}
